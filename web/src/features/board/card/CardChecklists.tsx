import AddRounded from '@mui/icons-material/AddRounded';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { type BoardCard, type BoardList, boardApi, type CheckList, type CheckListItem } from '../../../api/board';
import { draftKey } from '../../../components/drafts';
import { Markdown } from '../../../components/Markdown';
import { useCurrentUser } from '../../../session/context';
import { BOARD_TOASTS } from '../constants';
import { checklistPercent, checklistStatus, updateCard } from '../model';
import { ProgressBar } from '../ProgressBar';
import { InstantCheckbox, Section } from './CardParts';
import { ToggleText } from './ToggleText';
import type { Run } from './useCardRun';

/** The board with one checklist of a card rewritten (optimistic saves). */
const updateChecklist =
  (cardId: number, checklistId: number, update: (list: CheckList) => CheckList) => (lists: BoardList[]) =>
    updateCard(lists, cardId, (c) => ({
      ...c,
      CheckLists: c.CheckLists.map((list) => (list.id === checklistId ? update(list) : list)),
    }));

/** The same for one item. */
const updateItem = (checklist: CheckList, itemId: number, update: (item: CheckListItem) => CheckListItem) =>
  updateChecklist(checklist.CardId, checklist.id, (list) => ({
    ...list,
    CheckListItems: list.CheckListItems.map((i) => (i.id === itemId ? update(i) : i)),
  }));

export function ChecklistsSection({ card, canEdit, run }: { card: BoardCard; canEdit: boolean; run: Run }) {
  const [adding, setAdding] = useState(false);
  if (!canEdit && card.CheckLists.length === 0) return null;
  return (
    <Section
      title="Checklists"
      icon={<CheckBoxOutlined fontSize="small" />}
      actions={
        canEdit && (
          <Button size="small" startIcon={<AddRounded />} onClick={() => setAdding(true)} disabled={adding}>
            Add checklist
          </Button>
        )
      }
    >
      {canEdit && adding && <NewChecklist cardId={card.id} run={run} onDone={() => setAdding(false)} />}
      {card.CheckLists.length === 0 && !adding && (
        <Typography variant="body2" color="text.secondary">
          No checklists yet
        </Typography>
      )}
      {card.CheckLists.map((checklist) => (
        <ChecklistBlock key={checklist.id} checklist={checklist} canEdit={canEdit} run={run} />
      ))}
    </Section>
  );
}

/** "Add checklist" asks for the title first: Enter creates it, Escape (or Cancel) leaves without one. */
function NewChecklist({ cardId, run, onDone }: { cardId: number; run: Run; onDone: () => void }) {
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);
  const create = async () => {
    const name = title.trim();
    if (!name || pending) return;
    setPending(true);
    const ok = await run(() => boardApi.upsertChecklist({ title: name, CardId: cardId }), BOARD_TOASTS.checklistAdded);
    setPending(false);
    if (ok) onDone();
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
      sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}
    >
      <TextField
        autoFocus
        size="small"
        label="Checklist title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Cancels the new checklist, never the dialog.
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
        sx={{ flex: '1 1 200px' }}
      />
      <Button type="submit" variant="contained" disabled={!title.trim()} loading={pending}>
        Add
      </Button>
      <Button onClick={onDone} disabled={pending}>
        Cancel
      </Button>
    </Box>
  );
}

function ChecklistBlock({ checklist, canEdit, run }: { checklist: CheckList; canEdit: boolean; run: Run }) {
  const viewer = useCurrentUser();
  const [newItem, setNewItemState] = useState('');
  // Enter pressed twice adds the item once: while the first is on its way (the field still holds the text), and
  // after its answer but before the cleared field has been drawn (this render's `newItem` still holds the text),
  // which is why the text is read from a ref that the answer clears at once.
  const adding = useRef(false);
  const newItemText = useRef('');
  const setNewItem = (text: string) => {
    newItemText.current = text;
    setNewItemState(text);
  };
  const empty = checklist.CheckListItems.length === 0;
  const percent = checklistPercent(checklist);
  const addItem = async () => {
    const title = newItemText.current.trim();
    if (!title || adding.current) return;
    adding.current = true;
    try {
      const ok = await run(
        () => boardApi.upsertChecklistItem({ title, completed: false, CheckListId: checklist.id }),
        BOARD_TOASTS.checkItemAdded,
      );
      if (ok) setNewItem('');
    } finally {
      adding.current = false;
    }
  };
  return (
    <Box
      sx={{ mb: 2, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
      role="group"
      aria-label={`Checklist ${checklist.title}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ToggleText
          value={checklist.title}
          label="checklist title"
          canEdit={canEdit}
          storageKey={draftKey(viewer.id, `card:${checklist.CardId}:checklist:${checklist.id}:title`)}
          onSave={(title) =>
            run(
              () => boardApi.upsertChecklist({ id: checklist.id, title, CardId: checklist.CardId }),
              BOARD_TOASTS.checklistUpdated,
              updateChecklist(checklist.CardId, checklist.id, (list) => ({ ...list, title })),
            )
          }
          render={(v) => <Typography sx={{ fontWeight: 700 }}>{v}</Typography>}
        />
        {canEdit && (
          <IconButton
            size="small"
            aria-label={`Delete checklist ${checklist.title}`}
            onClick={() => void run(() => boardApi.deleteChecklist(checklist.id))}
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        )}
      </Box>
      {empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          No items yet
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 40 }}>
              {percent}%
            </Typography>
            <ProgressBar
              value={percent}
              color={percent >= 100 ? 'success' : 'primary'}
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
              aria-label={`${checklist.title} progress`}
            />
          </Box>
          <Typography
            variant="body2"
            sx={{ color: percent >= 100 ? 'success.dark' : 'text.secondary', fontWeight: 600, mb: 0.5 }}
            role="status"
          >
            {checklistStatus(percent)}
          </Typography>
        </>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checklist.CheckListItems.map((item) => (
          <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <InstantCheckbox
              checked={item.completed}
              disabled={!canEdit}
              slotProps={{ input: { 'aria-label': `Done: ${item.title}` } }}
              onChange={(e) => {
                const completed = e.target.checked;
                void run(
                  () =>
                    boardApi.upsertChecklistItem({
                      id: item.id,
                      title: item.title,
                      completed,
                      CheckListId: checklist.id,
                    }),
                  BOARD_TOASTS.checkItemUpdated,
                  updateItem(checklist, item.id, (i) => ({ ...i, completed })),
                );
              }}
            />
            <ToggleText
              value={item.title}
              label="item title"
              canEdit={canEdit}
              storageKey={draftKey(viewer.id, `card:${checklist.CardId}:item:${item.id}:title`)}
              onSave={(title) =>
                run(
                  () =>
                    boardApi.upsertChecklistItem({
                      id: item.id,
                      title,
                      completed: item.completed,
                      CheckListId: checklist.id,
                    }),
                  BOARD_TOASTS.checkItemUpdated,
                  updateItem(checklist, item.id, (i) => ({ ...i, title })),
                )
              }
              render={(v) => (
                <Box
                  data-completed={item.completed || undefined}
                  sx={item.completed ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
                >
                  <Markdown source={v} />
                </Box>
              )}
            />
            {canEdit && (
              <IconButton
                size="small"
                aria-label={`Delete item ${item.title}`}
                onClick={() => void run(() => boardApi.deleteChecklistItem(item.id))}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {canEdit && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void addItem();
          }}
          sx={{ display: 'flex', gap: 1, mt: 1 }}
        >
          <TextField
            size="small"
            fullWidth
            label="Add an item"
            value={newItem}
            onChange={(e) => setNewItem(e.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={!newItem.trim()}>
            Add
          </Button>
        </Box>
      )}
    </Box>
  );
}
