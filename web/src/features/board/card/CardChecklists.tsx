import AddRounded from '@mui/icons-material/AddRounded';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type BoardCard, boardApi, type CheckList } from '../../../api/board';
import { Markdown } from '../../courses/Markdown';
import { BOARD_TOASTS } from '../constants';
import { checklistPercent, checklistStatus, updateCard } from '../model';

import { InstantCheckbox, Section, ToggleText } from './CardParts';
import type { Run } from './useCardRun';

export function ChecklistsSection({ card, canEdit, run }: { card: BoardCard; canEdit: boolean; run: Run }) {
  if (!canEdit && card.CheckLists.length === 0) return null;
  return (
    <Section
      title="Checklists"
      icon={<CheckBoxOutlined fontSize="small" />}
      actions={
        canEdit && (
          <Button
            size="small"
            startIcon={<AddRounded />}
            onClick={() =>
              void run(
                () => boardApi.upsertChecklist({ title: 'Checklist', CardId: card.id }),
                BOARD_TOASTS.checklistAdded,
              )
            }
          >
            Add checklist
          </Button>
        )
      }
    >
      {card.CheckLists.length === 0 && (
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

function ChecklistBlock({ checklist, canEdit, run }: { checklist: CheckList; canEdit: boolean; run: Run }) {
  const [newItem, setNewItem] = useState('');
  const percent = checklistPercent(checklist);
  const addItem = async () => {
    const title = newItem.trim();
    if (!title) return;
    const ok = await run(
      () => boardApi.upsertChecklistItem({ title, completed: false, CheckListId: checklist.id }),
      BOARD_TOASTS.checkItemAdded,
    );
    if (ok) setNewItem('');
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
          onSave={(title) =>
            void run(
              () => boardApi.upsertChecklist({ id: checklist.id, title, CardId: checklist.CardId }),
              BOARD_TOASTS.checklistUpdated,
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 40 }}>
          {percent}%
        </Typography>
        <LinearProgress
          variant="determinate"
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
                  (lists) =>
                    updateCard(lists, checklist.CardId, (c) => ({
                      ...c,
                      CheckLists: c.CheckLists.map((list) =>
                        list.id === checklist.id
                          ? {
                              ...list,
                              CheckListItems: list.CheckListItems.map((i) =>
                                i.id === item.id ? { ...i, completed } : i,
                              ),
                            }
                          : list,
                      ),
                    })),
                );
              }}
            />
            <ToggleText
              value={item.title}
              label="item title"
              canEdit={canEdit}
              onSave={(title) =>
                void run(
                  () =>
                    boardApi.upsertChecklistItem({
                      id: item.id,
                      title,
                      completed: item.completed,
                      CheckListId: checklist.id,
                    }),
                  BOARD_TOASTS.checkItemUpdated,
                )
              }
              render={(v) => <Markdown source={v} />}
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
