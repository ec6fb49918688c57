import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BoardAbilities } from '@rainmakers/contracts';
import { useState } from 'react';
import { type BoardActivity, boardApi } from '../../../api/board';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/dates';
import { initials } from '../../../lib/navigation';
import { useCurrentUser } from '../../../session/context';
import { updateCard } from '../model';
import type { Run } from './useCardRun';

/** Toasts for comment edits (the spec gives none; worded like its other board toasts). */
export const COMMENT_TOASTS = { updated: 'Comment updated', deleted: 'Comment deleted' } as const;

export type CommentItemAbilities = Pick<BoardAbilities, 'comment' | 'deleteOthersComments'>;

/**
 * One comment: its author may edit it in place (Enter saves, Escape cancels without closing the card) and delete it
 * after a confirmation; admins may delete any comment. The board's abilities (the server's policy) decide both.
 */
export function CommentItem({
  activity,
  abilities,
  run,
}: {
  activity: BoardActivity;
  abilities: CommentItemAbilities;
  run: Run;
}) {
  const viewer = useCurrentUser();
  const own = activity.User !== null && activity.User.id === viewer.id;
  const canEditThis = abilities.comment && own;
  const canDeleteThis = own ? abilities.comment : abilities.deleteOthersComments;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(activity.comment);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const author = activity.User?.fullName ?? 'Former member';

  const save = async () => {
    const comment = text.trim();
    if (!comment || saving) return;
    if (comment === activity.comment) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const ok = await run(
      () =>
        boardApi.updateComment({
          id: activity.id,
          comment,
          CardId: activity.CardId,
          mentionedUsers: activity.TaggedUsers.map((p) => p.id),
        }),
      COMMENT_TOASTS.updated,
      (lists) =>
        updateCard(lists, activity.CardId, (c) => ({
          ...c,
          Activities: c.Activities.map((a) => (a.id === activity.id ? { ...a, comment } : a)),
        })),
    );
    setSaving(false);
    if (ok) setEditing(false);
  };

  const remove = async () => {
    setDeleting(true);
    const ok = await run(() => boardApi.deleteComment(activity.id), COMMENT_TOASTS.deleted);
    setDeleting(false);
    if (ok) setConfirming(false);
  };

  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.25 }} data-comment-id={activity.id}>
      <Box
        aria-hidden="true"
        sx={{
          flex: '0 0 auto',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 700,
        }}
      >
        {initials(activity.User?.fullName ?? '?')}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
            <strong>{author}</strong>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatDateTime(activity.createdAt)}
            </Box>
          </Typography>
          {canEditThis && !editing && (
            <IconButton
              size="small"
              aria-label={`Edit your comment of ${formatDateTime(activity.createdAt)}`}
              onClick={() => {
                setText(activity.comment);
                setEditing(true);
              }}
            >
              <EditRounded fontSize="small" />
            </IconButton>
          )}
          {canDeleteThis && !editing && (
            <IconButton
              size="small"
              aria-label={`Delete the comment by ${author} of ${formatDateTime(activity.createdAt)}`}
              onClick={() => setConfirming(true)}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          )}
        </Box>
        {editing ? (
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            sx={{ mt: 0.5 }}
          >
            <TextField
              autoFocus
              fullWidth
              multiline
              size="small"
              label="Edit comment"
              value={text}
              disabled={saving}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void save();
                } else if (e.key === 'Escape') {
                  // Cancels the edit, never the card.
                  e.preventDefault();
                  e.stopPropagation();
                  setEditing(false);
                }
              }}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 0.75 }}>
              <Button type="submit" size="small" variant="contained" loading={saving} disabled={!text.trim()}>
                Save
              </Button>
              <Button size="small" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
            </Box>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
            {activity.comment}
          </Typography>
        )}
        {activity.TaggedUsers.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {activity.TaggedUsers.map((p) => (
              <Chip key={p.id} size="small" variant="outlined" label={`@${p.fullName}`} />
            ))}
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Delete comment"
        confirmLabel="Delete"
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        Delete this comment? This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
