import ForumRounded from '@mui/icons-material/ForumRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  type DiscussionChange,
  type LessonComment,
  useDiscussionChange,
  useLessonDiscussion,
} from '../../../api/discussions';
import { draftKey } from '../../../components/drafts';
import { toast } from '../../../components/toast';
import { useCurrentUser } from '../../../session/context';
import { CommentComposer } from './CommentComposer';
import { type Apply, DiscussionComment, type DraftFor } from './DiscussionComment';

/**
 * The lesson's discussion, under the lesson: "Discussion (n)", a field to ask a question, the questions newest
 * first with their replies (the answer first), a reply field per question, older questions on request. Who may do
 * what comes from the server (`abilities`, each comment's own); a toast says how every action went.
 */
export function LessonDiscussion({ lessonId }: { lessonId: number }) {
  const headingId = useId();
  const discussion = useLessonDiscussion(lessonId);
  const viewer = useCurrentUser();
  // Unsent texts are kept per person, lesson and field (components/drafts).
  const draftFor: DraftFor = (field) => draftKey(viewer.id, `lesson:${lessonId}:${field}`);
  const change = useDiscussionChange(lessonId);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const pages = discussion.data?.pages ?? [];
  const first = pages[0];
  const threads = pages.flatMap((page) => page.comments);
  const abilities = first?.abilities ?? { post: false, moderate: false };

  const apply: Apply = async (next: DiscussionChange, done: string) => {
    try {
      await change.mutateAsync(next);
      toast(done, 'success');
      return true;
    } catch (error) {
      toast(errorMessage(error, 'We could not save that. Please try again.'), 'error');
      return false;
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5, maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <ForumRounded color="primary" aria-hidden />
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.25rem' }}>
          {first ? `Discussion (${first.count})` : 'Discussion'}
        </Typography>
      </Box>
      {abilities.post && (
        <Box sx={{ mb: 3 }}>
          <CommentComposer
            label="Ask a question about this lesson"
            submitLabel="Post question"
            pending={change.isPending}
            draftKey={draftFor('question')}
            onSubmit={(body) => apply({ kind: 'post', body, parentId: null }, 'Question posted')}
          />
        </Box>
      )}
      {discussion.isPending ? (
        <Box role="status" aria-label="Loading the discussion">
          {[0, 1].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
              <Skeleton variant="circular" width={36} height={36} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="90%" />
                <Skeleton width="70%" />
              </Box>
            </Box>
          ))}
        </Box>
      ) : discussion.isError ? (
        <Typography color="error">We could not load the discussion. Reload the page to try again.</Typography>
      ) : threads.length === 0 ? (
        <Typography color="text.secondary">No questions yet. Ask the first one: a coach will answer.</Typography>
      ) : (
        <Box component="ol" aria-label="Questions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {threads.map((thread) => (
            <Thread
              key={thread.id}
              thread={thread}
              canPost={abilities.post}
              moderate={abilities.moderate}
              pending={change.isPending}
              replying={replyingTo === thread.id}
              onReplying={(on) => setReplyingTo(on ? thread.id : null)}
              apply={apply}
              draftFor={draftFor}
            />
          ))}
        </Box>
      )}
      {discussion.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void discussion.fetchNextPage()}
          loading={discussion.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          Show older questions
        </Button>
      )}
    </Box>
  );
}

/** A question, its replies (answer first) and, when open, the field to reply. */
function Thread({
  thread,
  canPost,
  moderate,
  pending,
  replying,
  onReplying,
  apply,
  draftFor,
}: {
  thread: LessonComment;
  canPost: boolean;
  moderate: boolean;
  pending: boolean;
  replying: boolean;
  onReplying: (on: boolean) => void;
  draftFor: DraftFor;
  apply: Apply;
}) {
  const hiddenReplies = thread.replyCount - thread.replies.length;
  return (
    <Box component="li" sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <DiscussionComment
        comment={thread}
        isReply={false}
        moderate={moderate}
        pending={pending}
        apply={apply}
        draftFor={draftFor}
        onReply={canPost && !thread.deleted ? () => onReplying(true) : undefined}
      />
      {(thread.replies.length > 0 || replying) && (
        <Box
          component="ol"
          aria-label={`Replies to ${thread.author?.fullName ?? 'a deleted question'}`}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1.5,
            pl: { xs: 2, sm: 6 },
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
          }}
        >
          {thread.replies.map((reply) => (
            <Box component="li" key={reply.id}>
              <DiscussionComment
                comment={reply}
                isReply
                moderate={moderate}
                pending={pending}
                apply={apply}
                draftFor={draftFor}
              />
            </Box>
          ))}
          {hiddenReplies > 0 && (
            <Typography component="li" variant="body2" color="text.secondary">
              {hiddenReplies} more {hiddenReplies === 1 ? 'reply' : 'replies'} not shown.
            </Typography>
          )}
          {replying && (
            <Box component="li">
              <CommentComposer
                label={`Reply to ${thread.author?.fullName ?? 'this question'}`}
                submitLabel="Post reply"
                autoFocus
                pending={pending}
                draftKey={draftFor(`reply:${thread.id}`)}
                onCancel={() => onReplying(false)}
                onSubmit={async (body) => {
                  const ok = await apply({ kind: 'post', body, parentId: thread.id }, 'Reply posted');
                  if (ok) onReplying(false);
                  return ok;
                }}
              />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
