import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import InboxRounded from '@mui/icons-material/InboxRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { REVIEW_CARDS_PER_PAGE, type ReviewQueueCard, useReviewQueue } from '../../../api/reviewQueue';
import { MessageCard } from '../../../components/MessagePage';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTimeWithZone } from '../../../lib/dates';
import { timeAgo } from '../../../lib/timeAgo';
import { excerpt, pageCount, waitingFor } from './reviewQueue';

const MemberCardDialog = lazy(() => import('./MemberCardDialog'));

function QueueRow({ card, onOpen }: { card: ReviewQueueCard; onOpen: () => void }) {
  return (
    <Card component="li" variant="outlined" data-review-card-id={card.id}>
      <CardActionArea onClick={onOpen} sx={{ p: 2, display: 'block' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {card.memberName}
          </Typography>
          <Typography variant="body2" color="text.secondary" title={formatDateTimeWithZone(card.enteredListAt)}>
            {waitingFor(card.enteredListAt)}
          </Typography>
        </Box>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mt: 0.5 }}>
          {card.title}
        </Typography>
        {card.latestComment ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {card.latestComment.authorName}
            </Box>
            {` (${timeAgo(card.latestComment.createdAt)}): ${excerpt(card.latestComment.text)}`}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, fontStyle: 'italic' }}>
            No comments yet
          </Typography>
        )}
      </CardActionArea>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Link
          component={RouterLink}
          to={`/move-the-needle/${card.ownerId}`}
          state={{ ownerName: card.memberName }}
          variant="body2"
        >
          Open {card.memberName}'s board
        </Link>
      </Box>
    </Card>
  );
}

/**
 * The review queue: every card members put in FOR REVIEW on the boards the coach may review, oldest
 * waiting first, paged (`?page=`). A row opens the card in place, in the board's own card dialog.
 */
export default function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const queue = useReviewQueue(page);
  const [open, setOpen] = useState<{ ownerId: number; cardId: number } | null>(null);
  const pages = pageCount(queue.data?.total ?? 0, REVIEW_CARDS_PER_PAGE);
  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });

  return (
    <Box>
      <PageHeader
        title="Review queue"
        subtitle="Cards your members put in FOR REVIEW and no coach has reviewed yet, the longest waiting first."
      />
      {queue.isPending ? (
        <Box role="status" aria-label="Loading the review queue" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      ) : queue.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(queue.error)}
        </Alert>
      ) : queue.data.cards.length === 0 ? (
        <MessageCard icon={<InboxRounded />} title="Nothing waits for review">
          When a member moves a card into FOR REVIEW, it shows here.
        </MessageCard>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {queue.data.total === 1 ? '1 card waits for review' : `${queue.data.total} cards wait for review`}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Cards for review">
            {queue.data.cards.map((card) => (
              <QueueRow key={card.id} card={card} onOpen={() => setOpen({ ownerId: card.ownerId, cardId: card.id })} />
            ))}
          </Stack>
          {pages > 1 && (
            <Box
              component="nav"
              aria-label="Review queue pages"
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mt: 3 }}
            >
              <Button startIcon={<ChevronLeftRounded />} disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </Button>
              <Typography variant="body2">
                Page {page} of {pages}
              </Typography>
              <Button endIcon={<ChevronRightRounded />} disabled={page >= pages} onClick={() => goTo(page + 1)}>
                Next
              </Button>
            </Box>
          )}
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <MemberCardDialog
            ownerId={open.ownerId}
            cardId={open.cardId}
            onClose={() => {
              setOpen(null);
              void queue.refetch();
            }}
            onReviewed={() => {
              setOpen(null);
              // The reviewed card leaves every page: a page past the end after it goes back one.
              void queue.refetch().then((next) => {
                const total = next.data?.total ?? 0;
                if (page > 1 && (page - 1) * REVIEW_CARDS_PER_PAGE >= total) goTo(page - 1);
              });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
