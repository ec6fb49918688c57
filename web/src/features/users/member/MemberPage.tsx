/**
 * /users/{id}: one member's whole picture for staff. One call (GET /api/user/overview/{id}); each part
 * shows its own loading, "could not be loaded" and empty states, and parts the person may not see are left out.
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { auditActionLabel } from '@rainmakers/contracts/audit-labels';
import { describeAuditChanges } from '@rainmakers/contracts/audit-wording';
import type { ReactNode } from 'react';
import { lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/client';
import {
  type MemberOverview,
  useMemberOverview,
  useResendInvitation,
  useResetSecondFactor,
  useSaveMemberTags,
} from '../../../api/memberOverview';
import { useTags } from '../../../api/tags';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { LazyConfirmDialog } from '../../../components/LazyMui';
import type { PickerOption } from '../../../components/OptionPicker';
import { ProgressLine } from '../../../components/ProgressLine';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { SignInStatus } from '../SignInStatus';
import { barShares, formatAmount, type PartState, partState, paymentLabel } from './parts';

// The tag editor (MUI's Autocomplete with its text field, popper and menus, about 35 KB gzipped, eleven files) is for
// admins only and sits at the bottom of the page: fetched once the page with its heading has painted
// (docs/decisions.md, "Web first load").
const OptionPicker = lazy(() => import('../../../components/OptionPicker').then((m) => ({ default: m.OptionPicker })));

const day = (iso: string) => formatDate(iso);

export default function MemberPage() {
  const id = Number(useParams().id);
  const overview = useMemberOverview(id);
  const answer = overview.data;
  usePageTitle(answer ? answer.person.fullName : 'Member');

  const back = (
    <Link component={RouterLink} to="/users" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackRounded fontSize="small" aria-hidden /> Users
    </Link>
  );

  if (overview.isError) {
    const missing = overview.error instanceof ApiError && [400, 403, 404].includes(overview.error.status);
    return (
      <Box>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? 'User not found' : `The member page could not be loaded. ${errorMessage(overview.error)}`}
        </Alert>
      </Box>
    );
  }

  return (
    <Box data-testid="member-page">
      {back}
      {answer ? <Header answer={answer} /> : <HeaderSkeleton />}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          mt: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {answer ? <Parts answer={answer} /> : <PartsSkeleton />}
      </Box>
    </Box>
  );
}

function Header({ answer }: { answer: MemberOverview }) {
  const { person } = answer;
  const resend = useResendInvitation();
  // Admins change people's profiles; they are the ones who (re)send invitations.
  const canInvite = person.abilities?.editProfile === true && !person.lastSignInAt;
  // The server's rule (an admin account, a session that passed the second factor, no sign-in-as, not her own);
  // someone who never signed in has no second factor to reset.
  const canReset = person.abilities?.resetSecondFactor === true && Boolean(person.lastSignInAt);
  const sendInvitation = () =>
    resend.mutate(person.id, {
      onSuccess: () => toast(`Invitation sent to ${person.email}`, 'success'),
      onError: (error) => toast(`The invitation was not sent: ${errorMessage(error)}`, 'error'),
    });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar src={person.photoUrl ?? undefined} alt="" sx={{ width: 72, height: 72, fontSize: '1.75rem' }}>
          {person.fullName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
            {person.fullName}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
            <Chip size="small" label={person.role} sx={{ textTransform: 'capitalize' }} />
            <Chip
              size="small"
              variant="outlined"
              label={`Payment: ${paymentLabel(person.stripeStatus, person.alwaysGrantAccess)}`}
            />
            <SignInStatus invitedAt={person.invitedAt} lastSignInAt={person.lastSignInAt} />
            <Typography component="span" variant="body2" color="text.secondary">
              · Joined {day(person.createdAt)}
            </Typography>
          </Stack>
        </Box>
        {(canInvite || canReset) && (
          <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
            {canInvite && (
              <Button variant="outlined" onClick={sendInvitation} disabled={resend.isPending}>
                {resend.isPending ? 'Sending…' : 'Resend invitation'}
              </Button>
            )}
            {canReset && <ResetSecondFactor personId={person.id} fullName={person.fullName} email={person.email} />}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Someone who lost their authenticator app asks an admin: the reset removes her second factor (audited, and she is
 * told by e-mail), so they sign in with their password and set it up again on /profile. Admins only (auth's policy).
 */
function ResetSecondFactor({ personId, fullName, email }: { personId: number; fullName: string; email: string }) {
  const [open, setOpen] = useState(false);
  const reset = useResetSecondFactor();
  const confirm = () =>
    reset.mutate(personId, {
      onSuccess: () => {
        setOpen(false);
        toast(`Two-step verification reset for ${fullName}`, 'success');
      },
      onError: (error) => {
        setOpen(false);
        toast(`Two-step verification was not reset: ${errorMessage(error)}`, 'error');
      },
    });
  return (
    <>
      <Button variant="text" color="error" size="small" onClick={() => setOpen(true)}>
        Reset two-step verification
      </Button>
      {open && (
        <LazyConfirmDialog
          open
          title="Reset two-step verification?"
          confirmLabel="Reset"
          pending={reset.isPending}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        >
          {fullName} will sign in with a password alone until two-step verification is set up again on the profile. An
          e-mail to {email} says you did this, and the reset is kept in the audit log.
        </LazyConfirmDialog>
      )}
    </>
  );
}

function HeaderSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} aria-busy="true" aria-label="Loading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="circular" width={72} height={72} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={40} />
          <Skeleton width="60%" />
        </Box>
      </Stack>
    </Paper>
  );
}

function PartsSkeleton() {
  return (
    <>
      {['Tags', 'Course progress', 'Board', 'Certificates'].map((title) => (
        <Section key={title} title={title}>
          <Skeleton variant="rounded" height={72} />
        </Section>
      ))}
    </>
  );
}

function Section({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const titleId = `member-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, minWidth: 0, gridColumn: wide ? { md: '1 / -1' } : undefined }}
    >
      <Typography id={titleId} component="h2" sx={{ fontWeight: 800, fontSize: '1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A part's section, or nothing when the person may not see it. */
function PartSection<T>({
  title,
  state,
  empty,
  wide,
  children,
}: {
  title: string;
  state: PartState<T>;
  empty: string;
  wide?: boolean;
  children: (value: T) => ReactNode;
}) {
  if (state.kind === 'hidden') return null;
  return (
    <Section title={title} wide={wide}>
      {state.kind === 'unavailable' ? (
        <Alert severity="warning">{title} could not be loaded. Please try again later.</Alert>
      ) : state.kind === 'empty' ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        children(state.value)
      )}
    </Section>
  );
}

function Parts({ answer }: { answer: MemberOverview }) {
  return (
    <>
      <TagsSection answer={answer} />
      <PartSection
        title="Course progress"
        state={partState(answer, 'courses', answer.courses)}
        empty="No course started yet."
      >
        {(courses) => (
          <Stack spacing={1.5}>
            {courses.map((course) => (
              <Box key={course.courseId}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {course.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ flexShrink: 0 }}>
                    {course.percent}%
                  </Typography>
                </Stack>
                <ProgressLine
                  value={course.percent}
                  aria-label={`${course.title}: ${course.completedLessons} of ${course.lessons} lessons`}
                  sx={{ height: 8, borderRadius: 4, my: 0.5 }}
                />
                <Typography variant="body2" color="text.secondary">
                  {course.completedLessons} of {course.lessons} lessons
                  {course.lastCompletedAt ? ` · last ${day(course.lastCompletedAt)}` : ''}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </PartSection>
      <PartSection title="Board" state={partState(answer, 'board', answer.board)} empty="">
        {(board) =>
          board.exists ? (
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                {board.cardCount} {board.cardCount === 1 ? 'card' : 'cards'} ·{' '}
                {board.lastActivityAt ? `last activity ${formatDateTime(board.lastActivityAt)}` : 'no activity yet'}
              </Typography>
              {board.lists.map((list, i) => (
                <Stack key={list.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ width: { xs: 110, sm: 140 }, flexShrink: 0 }} noWrap>
                    {list.name}
                  </Typography>
                  <ProgressLine
                    value={barShares(board.lists.map((l) => l.cardCount))[i] ?? 0}
                    aria-label={`${list.name}: ${list.cardCount} cards`}
                    sx={{ flex: 1, height: 10, borderRadius: 5 }}
                  />
                  <Typography variant="body2" sx={{ width: 28, textAlign: 'right' }}>
                    {list.cardCount}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">No board yet.</Typography>
          )
        }
      </PartSection>
      <PartSection
        title="Certificates"
        state={partState(answer, 'certificates', answer.certificates)}
        empty="No certificates yet."
      >
        {(certificates) => (
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {certificates.map((c) => (
              <li key={c.id}>
                <Link component={RouterLink} to={`/certificates/${c.id}`}>
                  {c.courseTitle}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  · {day(c.completedAt)}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </PartSection>
      <PartSection title="Purchases" state={partState(answer, 'purchases', answer.purchases)} empty="No purchases yet.">
        {(purchases) => (
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {purchases.map((p) => (
              <Stack
                component="li"
                key={p.paymentIntentId}
                direction="row"
                sx={{ justifyContent: 'space-between', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.resourceTitle}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {day(p.createdAt)} · {p.status}
                  </Typography>
                </Box>
                <Typography sx={{ flexShrink: 0 }}>{formatAmount(p.amountCents, p.currency)}</Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </PartSection>
      <PartSection
        title="History"
        state={partState(answer, 'history', answer.history)}
        empty="Nothing recorded yet."
        wide
      >
        {(history) => (
          <>
            <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {history.map((entry) => (
                <Box component="li" key={entry.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
                    {formatDateTime(entry.at)}
                  </Typography>
                  <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Typography variant="body2">
                      <strong>{auditActionLabel(entry.action)}</strong> by {entry.actorName ?? 'the system'}
                    </Typography>
                    {describeAuditChanges(entry).map((line) => (
                      <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {line}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              ))}
            </Stack>
            {answer.historyTotal !== null && answer.historyTotal > history.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                The latest {history.length} of {answer.historyTotal} entries. The audit log on /users has them all.
              </Typography>
            )}
          </>
        )}
      </PartSection>
    </>
  );
}

function TagsSection({ answer }: { answer: MemberOverview }) {
  const { person } = answer;
  const editable = person.abilities?.editTags === true;
  const tags = useTags(editable);
  const save = useSaveMemberTags();
  const [draft, setDraft] = useState<PickerOption[] | null>(null);
  const current = person.Tags ?? [];
  const value = draft ?? current;
  const changed = draft !== null && draft.map((t) => t.id).join() !== current.map((t) => t.id).join();
  const submit = () =>
    save.mutate(
      { id: person.id, Tags: value.map((t) => t.id) },
      {
        onSuccess: () => {
          setDraft(null);
          toast('User updated successfully', 'success');
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  return (
    <Section title="Tags">
      {editable ? (
        <Stack spacing={1.5}>
          <AfterFirstPaint fallback={<Skeleton variant="rounded" height={56} aria-label="Loading tags" />}>
            <OptionPicker
              label="Tags"
              options={tags.data ?? []}
              value={value}
              onChange={setDraft}
              loading={tags.isLoading}
            />
          </AfterFirstPaint>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={submit} disabled={!changed || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save tags'}
            </Button>
            {changed && (
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
            )}
          </Stack>
        </Stack>
      ) : current.length === 0 ? (
        <Typography color="text.secondary">No tags.</Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {current.map((t) => (
            <Chip key={t.id} label={t.name} size="small" />
          ))}
        </Stack>
      )}
    </Section>
  );
}
