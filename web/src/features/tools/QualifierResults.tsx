import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FIELD_REQUIRED } from '@rainmakers/contracts/messages';
import {
  answerLines,
  MAX_SCORE,
  QUALIFIER_EMAIL_SENT,
  type QualifierAnswerLine,
  type QualifierAnswers,
  RATING_LABELS,
  type Rating,
} from '@rainmakers/contracts/qualifier';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type QualifierRatingBody, useQualifierHistory, useSendQualifierResult } from '../../api/tools';
import { FormField } from '../../components/FormField';
import { useFieldErrors } from '../../components/useFieldErrors';

/** The Product Qualifier's results: feedback per answer, her past ratings, and the results e-mail form. */

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

const ratedOn = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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

/** The results e-mail form: e-mail (her own address, filled in) and TSCRK keyword; a success message once sent. */
export function ResultsMail({
  answers,
  score,
  band,
  ownEmail,
}: {
  answers: QualifierAnswers;
  score: number;
  band: Rating;
  ownEmail: string;
}) {
  const [email, setEmail] = useState(ownEmail);
  const [keywords, setKeywords] = useState('');
  const fields = useFieldErrors();
  const send = useSendQualifierResult();
  if (send.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {QUALIFIER_EMAIL_SENT}
      </Alert>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!email.trim()) errors.email = FIELD_REQUIRED;
    if (!keywords.trim()) errors.keywords = FIELD_REQUIRED;
    if (Object.keys(errors).length > 0) return fields.replace(errors);
    const lines = answerLines(answers).map((line) => ({
      ...line,
      value: line.id === 'volume' ? answers.volume : answers[line.id as keyof QualifierAnswers],
      ...(line.id === 'standard' ? { extraValue: answers['average-points'] } : {}),
    }));
    send.mutate(
      { score, answers: lines, result: band, email: email.trim(), keywords: keywords.trim() },
      { onError: (error) => fields.fromError(error) },
    );
  };
  const banner = send.isError && Object.keys(fields.errors).length === 0 ? errorMessage(send.error) : null;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="mail-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="mail-heading" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        E-mail me my results
      </Typography>
      {banner && <Alert severity="error">{banner}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormField
          label="Email *"
          name="email"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            fields.clear('email');
          }}
          error={!!fields.errors.email}
          helperText={fields.errors.email}
        />
        <FormField
          label="TSCRK keyword *"
          name="keywords"
          value={keywords}
          onChange={(event) => {
            setKeywords(event.target.value);
            fields.clear('keywords');
          }}
          error={!!fields.errors.keywords}
          helperText={fields.errors.keywords}
        />
      </Box>
      <Box>
        <Button type="submit" variant="contained" loading={send.isPending}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
