import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { FIELD_REQUIRED } from '@rainmakers/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type BoardList, boardApi, refreshBoard, setBoardLists, useBoardScope } from '../../api/board';
import { errorMessage } from '../../api/client';
import { LazyTextField } from '../../components/LazyMui';
import { toast } from '../../components/toast';
import { useRemountSafeState } from '../../lib/remountSafeState';
import { BOARD_TOASTS, COLUMN_WIDTH } from './constants';

/** 'Add another card': a title box at the bottom of the list; the card goes last (position = the list's count). */
export function AddCard({ boardUserId, list }: { boardUserId: number; list: BoardList }) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  // Kept when drag and drop arrives and remounts the lists (lib/remountSafeState.ts).
  const [open, setOpen] = useRemountSafeState(`add-card:${boardUserId}:${list.id}:open`, false);
  const [title, setTitle] = useRemountSafeState(`add-card:${boardUserId}:${list.id}:title`, '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!title.trim()) {
      setError(FIELD_REQUIRED);
      return;
    }
    setPending(true);
    try {
      const { card } = await boardApi.upsertCard({ title: title.trim(), ListId: list.id, position: list.Cards.length });
      setBoardLists(queryClient, scope, (current) =>
        current.map((l) =>
          l.id === list.id && !l.Cards.some((c) => c.id === card.id) ? { ...l, Cards: [...l.Cards, card] } : l,
        ),
      );
      toast(BOARD_TOASTS.cardUpdated, 'success');
      setTitle('');
      setError(null);
      void refreshBoard(queryClient, scope);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  if (!open) {
    return (
      <Button
        startIcon={<AddRounded />}
        onClick={() => setOpen(true)}
        sx={{ justifyContent: 'flex-start', m: 1, mt: 0 }}
        aria-label={`Add another card to ${list.name}`}
      >
        Add another card
      </Button>
    );
  }
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ p: 1, pt: 0 }}>
      <LazyTextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        size="small"
        label="Card title"
        value={title}
        error={!!error}
        helperText={error ?? undefined}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          } else if (e.key === 'Escape') setOpen(false);
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" size="small" loading={pending}>
          Add card
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

/** 'Add another list': a new list goes after the others (highest position + 1, decided by the server). */
export function AddList({ boardUserId }: { boardUserId: number }) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [open, setOpen] = useRemountSafeState(`add-list:${boardUserId}:open`, false);
  const [name, setName] = useRemountSafeState(`add-list:${boardUserId}:name`, '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(FIELD_REQUIRED);
      return;
    }
    setPending(true);
    try {
      const { list } = await boardApi.upsertList({ name: name.trim(), userId: boardUserId });
      setBoardLists(queryClient, scope, (current) =>
        current.some((l) => l.id === list.id) ? current : [...current, list],
      );
      toast(BOARD_TOASTS.listAdded, 'success');
      setName('');
      setError(null);
      setOpen(false);
      void refreshBoard(queryClient, scope);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ flex: '0 0 auto', width: COLUMN_WIDTH, maxWidth: 320, scrollSnapAlign: 'start' }}>
      {open ? (
        <Paper component="form" variant="outlined" onSubmit={(e) => void submit(e)} sx={{ p: 1.25, borderRadius: 3 }}>
          <LazyTextField
            autoFocus
            fullWidth
            size="small"
            label="List name"
            value={name}
            error={!!error}
            helperText={error ?? undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" size="small" loading={pending}>
              Add list
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Box>
        </Paper>
      ) : (
        <Button
          fullWidth
          variant="outlined"
          startIcon={<AddRounded />}
          onClick={() => setOpen(true)}
          sx={{ justifyContent: 'flex-start', borderStyle: 'dashed', py: 1.25, borderRadius: 3 }}
        >
          Add another list
        </Button>
      )}
    </Box>
  );
}
