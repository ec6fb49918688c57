import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type BoardList, boardApi, refreshBoard, setBoardLists, useBoardScope } from '../../api/board';
import { errorMessage } from '../../api/client';
import { LazyTextField } from '../../components/LazyMui';
import { toast } from '../../components/toast';
import { useRemountSafeState } from '../../lib/remountSafeState';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';

/** The spec names no toast for a rename; worded like its other board toasts. */
export const LIST_RENAMED = 'List renamed';

/**
 * A list's heading: lists one added can be renamed in place (Enter or leaving the box saves,
 * Escape cancels) through `list/upsert` with the list's id; the seven fixed lists keep their names.
 */
export function ListName({
  list,
  headingId,
  boardUserId,
  canRename,
}: {
  list: BoardList;
  headingId: string;
  boardUserId: number;
  canRename: boolean;
}) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  // Kept when drag and drop arrives and remounts the lists (lib/remountSafeState.ts).
  const [editing, setEditing] = useRemountSafeState(`list-name:${list.id}:editing`, false);
  const [name, setName] = useRemountSafeState(`list-name:${list.id}:name`, list.name);
  const [saving, setSaving] = useState(false);
  const done = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  const finish = async (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const next = name.trim();
    if (!save || !next || next === list.name) {
      setEditing(false);
      requestAnimationFrame(() => button.current?.focus());
      return;
    }
    setSaving(true);
    setBoardLists(queryClient, scope, (lists) => lists.map((l) => (l.id === list.id ? { ...l, name: next } : l)));
    try {
      await boardApi.upsertList({ id: list.id, name: next, userId: boardUserId });
      toast(LIST_RENAMED, 'success');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setSaving(false);
      setEditing(false);
      void refreshBoard(queryClient, scope);
    }
  };

  if (canRename && editing) {
    return (
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* The heading stays for the column's name while the box is open. */}
        <Typography id={headingId} component="h2" sx={VISUALLY_HIDDEN}>
          {list.name}
        </Typography>
        <LazyTextField
          autoFocus
          size="small"
          fullWidth
          label="List name"
          value={name}
          disabled={saving}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => void finish(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void finish(true);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              void finish(false);
            }
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Box>
    );
  }
  return (
    <>
      <Typography id={headingId} component="h2" sx={{ fontWeight: 800, fontSize: '0.875rem', flex: 1 }}>
        {list.name}
      </Typography>
      {canRename && (
        <IconButton
          ref={button}
          size="small"
          aria-label={`Rename list ${list.name}`}
          onClick={() => {
            setName(list.name);
            done.current = false;
            setEditing(true);
          }}
        >
          <EditRounded fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
