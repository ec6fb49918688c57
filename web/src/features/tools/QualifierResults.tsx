import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MAX_SCORE, type QualifierAnswerLine, RATING_LABELS } from '@rainmakers/contracts/qualifier';
import { errorMessage } from '../../api/client';
import { type QualifierRatingBody, useQualifierHistory } from '../../api/tools';
import { formatDateTime } from '../../lib/dates';

/** The Product Qualifier's results: feedback per answer and her past ratings (the e-mail form: QualifierMail.tsx). */

export function AnswerFeedback({ lines }: { lines: QualifierAnswerLine[] }) {
  return (
    <Box component="section" aria-labelledby="feedback-heading">
      <Typography id="feedback-heading" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        Feedback on your answers
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1.5 }}>
        {lines.map((line) => (
          <Box component="li" key={line.id}>
            <Typography sx={{ fontWeight: 600 }}>{line.question}</Typography>
            <Typography variant="body2">Your answer: {line.answer}</Typography>
            {line.extraQuestion && (
              <Typography variant="body2">
                {line.extraQuestion} {line.extraAnswer}
              </Typography>
            )}
            {line.feedback && (
              <Typography variant="body2" color="text.secondary">
                {line.feedback}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const ratedOn = (iso: string) => formatDateTime(iso);

/** Her past ratings (GET /api/product-qualifier/history), newest first; Open shows one again with its feedback. */
export function PastRatings({ onOpen }: { onOpen: (rating: QualifierRatingBody) => void }) {
  const history = useQualifierHistory();
  const ratings = history.data?.pages.flatMap((page) => page.ratings) ?? [];
  return (
    <Box component="section" aria-labelledby="past-ratings-heading" sx={{ mt: 4 }}>
      <Typography id="past-ratings-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Your past ratings
      </Typography>
      {history.isPending ? (
        <Box role="status" aria-label="Loading your past ratings" sx={{ py: 2 }}>
          <CircularProgress size={24} />
        </Box>
      ) : history.isError ? (
        <Alert severity="error">{errorMessage(history.error)}</Alert>
      ) : ratings.length === 0 ? (
        <Typography color="text.secondary">
          You have not rated a product yet. Each rating you make is kept here to look back at.
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {ratings.map((r) => (
              <Paper
                component="li"
                variant="outlined"
                key={r.id}
                sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
              >
                <Typography sx={{ fontWeight: 700, minWidth: 48 }}>
                  {r.score}/{MAX_SCORE}
                </Typography>
                <Typography sx={{ flex: 1, minWidth: 160 }}>
                  {RATING_LABELS[r.result]}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    Rated {ratedOn(r.createdAt)}
                  </Typography>
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onOpen(r)}
                  aria-label={`Open the rating of ${ratedOn(r.createdAt)}`}
                >
                  Open
                </Button>
              </Paper>
            ))}
          </Box>
          {history.hasNextPage && (
            <Button sx={{ mt: 1 }} onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              Show older ratings
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
