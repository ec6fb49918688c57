/**
 * The audit log tab of the user dashboard (admins): who did what to whom and when, in words (labels from
 * contracts/audit-labels, names as they were when the entry was written), filtered by person, actor, action, kind
 * of subject and days (all kept in the address: auditState.ts), and exported as a CSV of the same selection.
 */
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_SUBJECT_LABELS,
  auditActionLabel,
  auditSubjectLabel,
} from '@rainmakers/contracts/audit-labels';
import { describeAuditChanges } from '@rainmakers/contracts/audit-wording';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AUDIT_LOG_PAGE_SIZE, type AuditLogEntry, auditCsvUrl, useFilteredAuditLog } from '../../api/jobs-audit';
import { formatDateTime } from '../../lib/dates';
import { type AuditState, readAuditState, writeAuditState } from './auditState';
import { pagerState } from './listState';

/** What an entry is about, in words: the name captured when it was written (never "Tag #8"). */
function subjectText(entry: AuditLogEntry): string {
  const name = entry.subjectName ?? entry.userName;
  if (name) return name;
  if (entry.subjectType === 'tag' || entry.tagId !== null) return 'A deleted tag';
  return entry.subjectType ? `${auditSubjectLabel(entry.subjectType)} (no name)` : '—';
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).sort((a, b) => a[1].localeCompare(b[1]));
const KIND_OPTIONS = Object.entries(AUDIT_SUBJECT_LABELS);

export default function AuditLog() {
  const [params, setParams] = useSearchParams();
  const state = readAuditState(params);
  // From the address as it is now, not the render's copy: two filters changed in quick succession (the second before
  // this component re-rendered) would otherwise drop the first.
  const change = (next: Partial<AuditState>) =>
    setParams(() => writeAuditState(new URLSearchParams(window.location.search), next));
  const log = useFilteredAuditLog(state, state.page);
  const entries = log.data?.entries ?? [];
  const pager = pagerState(state.page, AUDIT_LOG_PAGE_SIZE, log.data?.totalCount ?? 0);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const personName = state.userId
    ? (entries.find((e) => e.userId === state.userId)?.userName ?? `person #${state.userId}`)
    : null;
  const actorName = state.actorId
    ? (entries.find((e) => e.actorId === state.actorId)?.actorName ?? `person #${state.actorId}`)
    : null;
  const filtered =
    state.userId !== null ||
    state.actorId !== null ||
    state.action !== null ||
    state.subjectType !== null ||
    state.from !== null ||
    state.to !== null;

  const who = (entry: AuditLogEntry) => (
    <>
      {entry.actorId !== null ? (
        <Link
          component="button"
          type="button"
          onClick={() => change({ actorId: entry.actorId })}
          aria-label={`Show what ${entry.actorName ?? 'this person'} did`}
        >
          {entry.actorName ?? 'Someone since deleted'}
        </Link>
      ) : (
        'System'
      )}
      {entry.impersonatorId !== null && (
        <Typography variant="body2" color="text.secondary">
          while an admin was signed in as them
        </Typography>
      )}
    </>
  );
  const about = (entry: AuditLogEntry) => (
    <>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {auditSubjectLabel(entry.subjectType)}
      </Typography>
      {entry.userId !== null ? (
        <Link component="button" type="button" onClick={() => change({ userId: entry.userId })}>
          {subjectText(entry)}
        </Link>
      ) : (
        <span>{subjectText(entry)}</span>
      )}
    </>
  );
  const changes = (entry: AuditLogEntry) =>
    describeAuditChanges(entry).map((line) => (
      <Typography key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
        {line}
      </Typography>
    ));

  return (
    <Box>
      <Box
        component="form"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        sx={{
          mb: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto' },
          gap: 2,
          alignItems: 'center',
        }}
      >
        <TextField
          select
          size="small"
          id="audit-action"
          label="Action"
          value={state.action ?? ''}
          onChange={(event) => change({ action: event.target.value || null })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All actions</option>
          {ACTION_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="audit-kind"
          label="About"
          value={state.subjectType ?? ''}
          onChange={(event) => change({ subjectType: event.target.value || null })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Anything</option>
          {KIND_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          id="audit-from"
          label="From"
          value={state.from ?? ''}
          onChange={(event) => change({ from: event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          id="audit-to"
          label="To"
          value={state.to ?? ''}
          onChange={(event) => change({ to: event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          component="a"
          href={auditCsvUrl(state)}
          download="audit-log.csv"
          startIcon={<DownloadRounded />}
          sx={{ justifySelf: { xs: 'start', lg: 'end' } }}
        >
          Export CSV
        </Button>
      </Box>
      {(state.userId !== null || state.actorId !== null || filtered) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {personName && <Chip label={`About: ${personName}`} onDelete={() => change({ userId: null })} />}
          {actorName && <Chip label={`By: ${actorName}`} onDelete={() => change({ actorId: null })} />}
          {filtered && (
            <Button
              size="small"
              onClick={() =>
                change({ userId: null, actorId: null, action: null, subjectType: null, from: null, to: null })
              }
            >
              Clear filters
            </Button>
          )}
        </Stack>
      )}
      {log.isError && <Alert severity="error">{errorMessage(log.error)}</Alert>}
      <Paper variant="outlined">
        {log.isLoading ? (
          <Box sx={{ p: 4 }} role="status" aria-label="Loading the audit log">
            <Typography color="text.secondary">Loading…</Typography>
          </Box>
        ) : entries.length === 0 ? (
          <Box sx={{ p: 5, textAlign: 'center' }}>
            <Typography color="text.secondary">{filtered ? 'No entries match these filters' : 'No entries'}</Typography>
          </Box>
        ) : phone ? (
          <Stack component="ul" aria-label="Audit log" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry) => (
              <Box
                component="li"
                key={entry.id}
                sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
              >
                <Typography variant="subtitle2">{auditActionLabel(entry.action)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(entry.at)}
                </Typography>
                <Box sx={{ mt: 1 }}>By {who(entry)}</Box>
                <Box sx={{ mt: 1 }}>{about(entry)}</Box>
                <Box sx={{ mt: 1 }}>{changes(entry)}</Box>
              </Box>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Audit log">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>About</TableCell>
                  <TableCell>Changes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                    <TableCell>{who(entry)}</TableCell>
                    <TableCell>{auditActionLabel(entry.action)}</TableCell>
                    <TableCell>{about(entry)}</TableCell>
                    <TableCell sx={{ maxWidth: 420 }}>{changes(entry)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
        <Typography color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
          {log.data ? `${log.data.totalCount} ${log.data.totalCount === 1 ? 'entry' : 'entries'}` : ''}
        </Typography>
        <Button variant="outlined" disabled={pager.previousDisabled} onClick={() => change({ page: state.page - 1 })}>
          Previous
        </Button>
        <Button variant="outlined" disabled={pager.nextDisabled} onClick={() => change({ page: state.page + 1 })}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
