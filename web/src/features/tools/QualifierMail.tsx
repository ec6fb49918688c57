/**
 * The Product Qualifier's results e-mail form, its own file: it shows only once a product has been rated, so its
 * labelled fields (FormField and MUI's form controls) are fetched then, not before the page's first paint.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FIELD_REQUIRED } from '@rainmakers/contracts/messages';
import { answerLines, QUALIFIER_EMAIL_SENT, type QualifierAnswers, type Rating } from '@rainmakers/contracts/qualifier';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSendQualifierResult } from '../../api/tools';
import { FormField } from '../../components/FormField';
import { useFieldErrors } from '../../components/useFieldErrors';

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
