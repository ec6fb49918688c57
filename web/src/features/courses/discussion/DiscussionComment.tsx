import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';

import { useId, useState } from 'react';
import type { DiscussionChange, LessonReply } from '../../../api/discussions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DeferredMarkdown } from '../../../components/DeferredMarkdown';
import { formatDateTime } from '../../../lib/dates';
import { initials } from '../../../lib/navigation';
import { CommentComposer } from './CommentComposer';
import { DELETED_AUTHOR } from './constants';

/** Runs a change with its toast; resolves true when the server took it. */
export type Apply = (change: DiscussionChange, done: string) => Promise<boolean>;

/** Where one field's unsent text is kept (components/drafts draftKey: per person, lesson and field). */
export type DraftFor = (field: string) => string;

/**
 * One comment: who wrote it and when, its Markdown (the lesson renderer and sanitiser), an "Answer" chip, a
 * "Hidden" chip for staff; her own comment edits in place and deletes after a confirmation; coaches and admins have a
 * menu to mark a reply as the answer and to hide or show a comment. Every button names the comment it acts on.
 */
export function DiscussionComment({
  comment,
  isReply,
  moderate,
  pending,
  apply,
  draftFor,
  onReply,
}: {
  comment: LessonReply;
  isReply: boolean;
  moderate: boolean;
  pending: boolean;
  apply: Apply;
  draftFor: DraftFor;
  /** Opens the thread's reply field (questions only, when the person may post). */
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const author = comment.deleted ? DELETED_AUTHOR : (comment.author?.fullName ?? 'A member');
  const when = formatDateTime(comment.createdAt);
  const what = `${isReply ? 'reply' : 'question'} by ${author} of ${when}`;

  const moderation = (change: DiscussionChange, done: string) => {
    setMenu(null);
    void apply(change, done);
  };

  return (
    <Box
      component="article"
      aria-label={`${comment.answer ? 'Answer' : isReply ? 'Reply' : 'Question'} by ${author}`}
      data-comment-id={comment.id}
      sx={{
        display: 'flex',
        gap: 1.5,
        // The answer framed in green; a hidden comment (staff only) framed dashed, its text kept at full contrast.
        p: comment.answer || comment.hidden ? 1.5 : 0,
        borderRadius: 2,
        border: comment.answer || comment.hidden ? 1 : 0,
        borderStyle: comment.hidden && !comment.answer ? 'dashed' : 'solid',
        borderColor: comment.answer ? 'success.main' : 'divider',
      }}
    >
      <Avatar
        src={comment.author?.photoUrl ?? undefined}
        alt=""
        sx={{ width: 36, height: 36, fontSize: '0.8125rem', bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {comment.deleted ? '?' : initials(author)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="p" sx={{ flex: 1, minWidth: 0 }}>
            <strong>{author}</strong>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {when}
              {comment.editedAt && ' · edited'}
            </Box>
          </Typography>
          {comment.answer && (
            <Chip icon={<CheckCircleRounded />} label="Answer" color="success" size="small" sx={{ fontWeight: 700 }} />
          )}
          {comment.hidden && (
            <Chip icon={<VisibilityOffRounded />} label="Hidden from members" size="small" variant="outlined" />
          )}
          {moderate && !comment.deleted && (
            <>
              <IconButton
                size="small"
                aria-label={`Moderate the ${what}`}
                aria-haspopup="menu"
                aria-controls={menu ? menuId : undefined}
                aria-expanded={menu ? 'true' : undefined}
                onClick={(e) => setMenu(e.currentTarget)}
                disabled={pending}
              >
                <MoreVertRounded fontSize="small" />
              </IconButton>
              <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
                {isReply && (
                  <MenuItem
                    onClick={() =>
                      moderation(
                        { kind: 'answer', commentId: comment.id, answer: !comment.answer },
                        comment.answer ? 'Answer unmarked' : 'Marked as the answer',
                      )
                    }
                  >
                    {comment.answer ? 'Unmark as the answer' : 'Mark as the answer'}
                  </MenuItem>
                )}
                <MenuItem
                  onClick={() =>
                    moderation(
                      { kind: 'hide', commentId: comment.id, hidden: !comment.hidden },
                      comment.hidden ? 'Comment shown to members again' : 'Comment hidden from members',
                    )
                  }
                >
                  {comment.hidden ? 'Show to members' : 'Hide from members'}
                </MenuItem>
              </Menu>
            </>
          )}
        </Box>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <CommentComposer
              label="Edit your comment"
              submitLabel="Save"
              initial={comment.body}
              autoFocus
              pending={pending}
              draftKey={draftFor(`edit:${comment.id}`)}
              onCancel={() => setEditing(false)}
              onSubmit={async (body) => {
                const ok = await apply({ kind: 'edit', commentId: comment.id, body }, 'Comment updated');
                if (ok) setEditing(false);
                return ok;
              }}
            />
          </Box>
        ) : comment.deleted ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }}>
            This question was deleted by its author.
          </Typography>
        ) : (
          <Box sx={{ '& .lesson-markdown': { fontSize: '0.9375rem', lineHeight: 1.6 } }}>
            <DeferredMarkdown source={comment.body} />
          </Box>
        )}
        {!editing && (onReply || comment.abilities.edit || comment.abilities.delete) && (
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap', ml: -1 }}>
            {onReply && (
              <Button size="small" startIcon={<ReplyRounded />} onClick={onReply} aria-label={`Reply to the ${what}`}>
                Reply
              </Button>
            )}
            {comment.abilities.edit && (
              <Button
                size="small"
                startIcon={<EditRounded />}
                onClick={() => setEditing(true)}
                aria-label={`Edit your ${isReply ? 'reply' : 'question'} of ${when}`}
              >
                Edit
              </Button>
            )}
            {comment.abilities.delete && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => setConfirming(true)}
                aria-label={`Delete your ${isReply ? 'reply' : 'question'} of ${when}`}
              >
                Delete
              </Button>
            )}
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={isReply ? 'Delete this reply?' : 'Delete this question?'}
        confirmLabel="Delete"
        pending={pending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await apply({ kind: 'delete', commentId: comment.id }, 'Comment deleted')) setConfirming(false);
        }}
      >
        {isReply
          ? 'Your reply will be removed from the discussion.'
          : 'Your question will be removed. If others replied, it stays as "[deleted]" so their replies keep their place.'}
      </ConfirmDialog>
    </Box>
  );
}
