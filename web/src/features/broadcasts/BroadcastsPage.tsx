import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import {
  BROADCASTS_KEY,
  type BroadcastAudience,
  type BroadcastStatus,
  broadcastsApi,
  useAudienceCount,
  useBroadcastHistory,
  useBroadcastStatus,
} from '../../api/broadcasts';
import { ApiError, errorMessage } from '../../api/client';
import { useTags } from '../../api/tags';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { DeferredMarkdown } from '../../components/DeferredMarkdown';
import { FormField } from '../../components/FormField';
import type { PickerOption } from '../../components/OptionPicker';
import { PageHeader } from '../../components/PageHeader';
import { ProgressLine } from '../../components/ProgressLine';
import { toast } from '../../components/toast';
import { formatDateTime } from '../../lib/dates';

const ROLE_CHOICES = [
  { value: 'basic', label: 'Basic' },
  { value: 'premium', label: 'Premium' },
  { value: 'course only', label: 'Course only' },
  { value: 'coach', label: 'Coach' },
  { value: 'admin', label: 'Admin' },
] as const;
type RoleChoice = (typeof ROLE_CHOICES)[number]['value'];

const PAYMENT_CHOICES = [
  { value: '', label: 'Any payment status' },
  { value: 'paying', label: 'Paying (active or trialing)' },
  { value: 'problems', label: 'Payment problems' },
  { value: 'none', label: 'No subscription' },
] as const;
type PaymentChoice = (typeof PAYMENT_CHOICES)[number]['value'];
const paymentChoiceOf = (value: string): PaymentChoice =>
  PAYMENT_CHOICES.find((choice) => choice.value === value)?.value ?? '';

/** The tag picker (Autocomplete and its popper, ~20 KB) arrives after the composer has painted. */
const OptionPicker = lazy(() => import('../../components/OptionPicker').then((m) => ({ default: m.OptionPicker })));

const STATUS_LABEL: Record<BroadcastStatus['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  done: 'Sent',
  failed: 'Failed',
};

function audienceText(audience: BroadcastAudience): string {
  const parts: string[] = [];
  if (audience.roles?.length) parts.push(audience.roles.join(', '));
  if (audience.tagIds?.length) parts.push(`${audience.tagIds.length} tag${audience.tagIds.length === 1 ? '' : 's'}`);
  if (audience.payment) parts.push(PAYMENT_CHOICES.find((p) => p.value === audience.payment)?.label ?? '');
  return parts.length ? parts.join(' · ') : 'Everyone subscribed';
}

/** The progress of the broadcast just sent: a bar while it runs, the figures once done. */
function SendProgress({ jobId }: { jobId: string }) {
  const status = useBroadcastStatus(jobId);
  const data = status.data;
  if (!data) return <Skeleton width="60%" />;
  const percent = data.total === 0 ? 100 : ((data.sent + data.failures) / data.total) * 100;
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {STATUS_LABEL[data.status]}: {data.sent} of {data.total} sent
        {data.failures > 0 ? ` · ${data.failures} not mailed` : ''}
      </Typography>
      <ProgressLine
        value={percent}
        color={data.status === 'done' ? 'success' : 'primary'}
        aria-label="Broadcast progress"
      />
    </Box>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = useBroadcastHistory(page);
  if (history.isPending) return <Skeleton height={80} />;
  if (history.isError) return <Alert severity="error">{errorMessage(history.error)}</Alert>;
  const { broadcasts, total, perPage } = history.data;
  if (broadcasts.length === 0) {
    return <Typography color="text.secondary">No broadcasts yet. The ones you send are listed here.</Typography>;
  }
  return (
    <>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Sent broadcasts">
        {broadcasts.map((b) => (
          <Paper component="li" key={b.jobId} variant="outlined" sx={{ p: 1.5 }} data-testid="broadcast-row">
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.subject}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(b.createdAt)} · {audienceText(b.audience)} · {STATUS_LABEL[b.status]}: {b.sent} of{' '}
              {b.total}
              {b.failures > 0 ? ` (${b.failures} not mailed)` : ''}
            </Typography>
          </Paper>
        ))}
      </Stack>
      {total > perPage && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Button disabled={page * perPage >= total} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </Stack>
      )}
    </>
  );
}

/**
 * /broadcasts (admins): compose a subject and a Markdown body, preview it as members will see it (the lesson
 * renderer and sanitiser), choose the audience by roles, tags and payment status, see how many it reaches, send,
 * and follow the progress; the history below, newest first.
 */
export default function BroadcastsPage() {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [roles, setRoles] = useState<RoleChoice[]>([]);
  const [tags, setTags] = useState<PickerOption[]>([]);
  const [payment, setPayment] = useState<PaymentChoice>('');
  const [preview, setPreview] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const tagOptions = useTags();

  const audience = useMemo<BroadcastAudience>(
    () => ({
      ...(roles.length ? { roles } : {}),
      ...(tags.length ? { tagIds: tags.map((t) => t.id) } : {}),
      ...(payment ? { payment } : {}),
    }),
    [roles, tags, payment],
  );
  const count = useAudienceCount(audience);

  const send = useMutation({
    mutationFn: broadcastsApi.send,
    onSuccess: (queued) => {
      setJobId(queued.jobId);
      setErrors({});
      toast(`Broadcast queued for ${queued.recipients} ${queued.recipients === 1 ? 'person' : 'people'}`, 'success');
      void queryClient.invalidateQueries({ queryKey: [...BROADCASTS_KEY, 'history'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      toast(`Nothing was sent: ${errorMessage(error)}`, 'error');
    },
  });

  const toggleRole = (role: RoleChoice, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((r) => r !== role)));

  const recipients = count.data?.recipients;

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title="Broadcasts" subtitle="E-mail members by role, tag and payment status." />
      <Paper
        variant="outlined"
        component="form"
        aria-label="New broadcast"
        sx={{ p: { xs: 2, sm: 3 } }}
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate({ subject, body, audience });
        }}
      >
        <Stack spacing={2.5}>
          <FormField
            label="Subject"
            name="subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={!!errors.subject}
            helperText={errors.subject}
            required
          />
          <Stack direction="row" spacing={1}>
            <Button variant={preview ? 'text' : 'outlined'} onClick={() => setPreview(false)} aria-pressed={!preview}>
              Write
            </Button>
            <Button variant={preview ? 'outlined' : 'text'} onClick={() => setPreview(true)} aria-pressed={preview}>
              Preview
            </Button>
          </Stack>
          {preview ? (
            <Paper variant="outlined" sx={{ p: 2, minHeight: 160 }} aria-label="Preview" role="region">
              {body.trim() ? (
                <DeferredMarkdown source={body} label="Preview" />
              ) : (
                <Typography color="text.secondary">Nothing to preview yet.</Typography>
              )}
            </Paper>
          ) : (
            <FormField
              label="Message (Markdown)"
              name="body"
              value={body}
              onChange={(e) => setBody(e.target.value)}
              error={!!errors.body}
              helperText={errors.body ?? 'Headings, **bold**, lists and [links](https://...) work as in lessons.'}
              required
              multiline
              minRows={8}
            />
          )}
          <FormControl component="fieldset">
            <FormLabel component="legend">Roles (none chosen: every role)</FormLabel>
            <FormGroup row>
              {ROLE_CHOICES.map((role) => (
                <FormControlLabel
                  key={role.value}
                  control={
                    <Checkbox
                      checked={roles.includes(role.value)}
                      onChange={(e) => toggleRole(role.value, e.target.checked)}
                    />
                  }
                  label={role.label}
                />
              ))}
            </FormGroup>
          </FormControl>
          <AfterFirstPaint fallback={<Skeleton variant="rounded" height={56} aria-label="Loading tags" />}>
            <OptionPicker
              label="Tags (anyone with one of them)"
              options={tagOptions.data ?? []}
              value={tags}
              onChange={setTags}
              loading={tagOptions.isLoading}
            />
          </AfterFirstPaint>
          <FormControl component="fieldset">
            <FormLabel component="legend">Payment status</FormLabel>
            <RadioGroup row value={payment} onChange={(e) => setPayment(paymentChoiceOf(e.target.value))}>
              {PAYMENT_CHOICES.map((p) => (
                <FormControlLabel key={p.value} value={p.value} control={<Radio />} label={p.label} />
              ))}
            </RadioGroup>
          </FormControl>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography aria-live="polite" data-testid="recipient-count">
              {count.isError
                ? errorMessage(count.error)
                : recipients === undefined
                  ? 'Counting recipients…'
                  : `${recipients} ${recipients === 1 ? 'recipient' : 'recipients'} (subscribed members only)`}
            </Typography>
            <Button type="submit" variant="contained" disabled={send.isPending || recipients === 0}>
              {send.isPending ? 'Sending…' : `Send to ${recipients ?? '…'}`}
            </Button>
          </Stack>
        </Stack>
        {jobId && <SendProgress jobId={jobId} />}
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        History
      </Typography>
      <History />
    </Box>
  );
}
