import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type BoardCard, useBoard } from '../../../api/board';
import { spotOf, useSaveMove } from '../useSaveMove';

/**
 * 'Move to list' in the card dialog: the list and the position (1..n) from two native selects (touch, mouse and
 * keyboard alike), saved through the same calls as a drag (useSaveMove: `card/move` or `card/reorder`, 'Card moved').
 */
export function MoveToList({ boardUserId, card }: { boardUserId: number; card: BoardCard }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DriveFileMoveOutlined />}
        onClick={() => setOpen(true)}
        sx={{ mt: 1 }}
      >
        Move to list
      </Button>
      {open && <MoveDialog boardUserId={boardUserId} card={card} onClose={() => setOpen(false)} />}
    </>
  );
}

function MoveDialog({ boardUserId, card, onClose }: { boardUserId: number; card: BoardCard; onClose: () => void }) {
  const lists = useBoard(boardUserId).data?.lists ?? [];
  const saveMove = useSaveMove(boardUserId);
  const from = spotOf(lists, card.id);
  const [listId, setListId] = useState(card.ListId);
  const [position, setPosition] = useState(from ? from.index + 1 : 1);
  const [saving, setSaving] = useState(false);
  const dest = lists.find((l) => l.id === listId);
  // Another list gains a place (the card joins it); its own list keeps its length.
  const places = dest ? (dest.id === from?.listId ? dest.Cards.length : dest.Cards.length + 1) : 1;
  const shown = Math.min(position, places);
  const unchanged = !from || (from.listId === listId && from.index === shown - 1);

  const move = async () => {
    if (!from || unchanged) return;
    setSaving(true);
    const saved = await saveMove({ cardId: card.id, from, to: { listId, index: shown - 1 }, before: lists });
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="move-card-title">
      <DialogTitle id="move-card-title">Move card</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Move “{card.title}” to another list or to another place in its list.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <TextField
            select
            fullWidth
            id="move-card-list"
            label="List"
            value={String(listId)}
            onChange={(e) => {
              const next = Number(e.target.value);
              setListId(next);
              // Another list: its top place; back to its own list: where it is.
              setPosition(next === from?.listId ? from.index + 1 : 1);
            }}
            slotProps={{ select: { native: true } }}
          >
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.id === from?.listId ? `${list.name} (current)` : list.name}
              </option>
            ))}
          </TextField>
          <TextField
            select
            id="move-card-position"
            label="Position"
            value={String(shown)}
            onChange={(e) => setPosition(Number(e.target.value))}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: { sm: 120 } }}
          >
            {Array.from({ length: places }, (_, i) => i + 1).map((place) => (
              <option key={place} value={place}>
                {from && dest?.id === from.listId && place === from.index + 1 ? `${place} (current)` : place}
              </option>
            ))}
          </TextField>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void move()} disabled={unchanged || saving}>
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
}
