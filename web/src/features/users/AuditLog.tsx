/** The audit log tab of the user dashboard (admins): who did what to whom and when, filterable by person. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { AUDIT_PAGE_SIZE, type AuditEntry, useAuditLog } from '../../api/users';
import { pagerState } from './listState';

const ACTION_LABELS: Record<string, string> = {
  'user.create': 'Created user',
  'user.update': 'Edited user',
  'user.delete': 'Deleted user',
  'user.role-change': 'Changed role',
  'user.add-tags': 'Added tags',
  'user.bulk-update': 'Bulk update',
  'user.bulk-action': 'Bulk action',
  'user.import': 'Imported',
  'tag.create': 'Created tag',
  'tag.rename': 'Renamed tag',
  'tag.delete': 'Deleted tag',
  'tag.signup-allowed': 'Changed sign-up link use',
  'user.sign-in-as': 'Signed in as',
  'user.sign-in-as-back': 'Back from sign in as',
  'user.role-switch': 'Switched displayed role',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join(', ') || '—'
      : String(value);

/** 'role: basic → premium' per changed field. */
export function describeChange(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys].map((key) => {
    if (!entry.before) return `${key}: ${show(entry.after?.[key])}`;
    if (!entry.after) return `${key}: ${show(entry.before[key])}`;
    return `${key}: ${show(entry.before[key])} → ${show(entry.after[key])}`;
  });
}

export default function AuditLog({
  userId,
  page,
  onChange,
}: {
  userId: number | null;
  page: number;
  onChange: (change: { userId?: number | null; page?: number }) => void;
}) {
  const log = useAuditLog({ userId, page });
  const entries = log.data?.entries ?? [];
  const pager = pagerState(page, AUDIT_PAGE_SIZE, log.data?.totalCount ?? 0);
  const personName = userId ? (entries.find((e) => e.userId === userId)?.userName ?? `#${userId}`) : null;
  return (
    <Box>
      {userId !== null && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
          <Typography>
            Showing the history of <strong>{personName}</strong>
          </Typography>
          <Button size="small" onClick={() => onChange({ userId: null, page: 1 })}>
            Show everyone
          </Button>
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
            <Typography color="text.secondary">No entries</Typography>
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Audit log" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Person or tag</TableCell>
                  <TableCell>Changes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.at))}</TableCell>
                    <TableCell>
                      {entry.actorName ?? `#${entry.actorId ?? '?'}`}
                      {entry.impersonatorId !== null && (
                        <Typography variant="body2" color="text.secondary">
                          signed in as, by #{entry.impersonatorId}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{ACTION_LABELS[entry.action] ?? entry.action}</TableCell>
                    <TableCell>
                      {entry.userId !== null ? (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => onChange({ userId: entry.userId, page: 1 })}
                        >
                          {entry.userName ?? `#${entry.userId}`}
                        </Link>
                      ) : (
                        `Tag #${entry.tagId}`
                      )}
                    </TableCell>
                    <TableCell>
                      {describeChange(entry).map((line) => (
                        <Typography key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
                          {line}
                        </Typography>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" disabled={pager.previousDisabled} onClick={() => onChange({ page: page - 1 })}>
          Previous
        </Button>
        <Button variant="outlined" disabled={pager.nextDisabled} onClick={() => onChange({ page: page + 1 })}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
