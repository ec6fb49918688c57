/**
 * The table's bulk actions, their own download: add or remove a tag, change the role, delete, on the
 * selected people or on all N matching the filters. Each asks first in a dialog that states how many people and what
 * will change; the result is told as it is (changed / unchanged / failed). A large "all matching" set runs as a job
 * on the server: the dialog shows its progress until it is done.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type BulkActionName,
  jobStatusPath,
  type Role,
  roleChangeToast,
  UPGRADE_ROLE_MAX,
} from '@rainmakers/contracts';
import { ROLES } from '@rainmakers/contracts/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useJobProgress } from '../../api/jobProgress';
import { useTags } from '../../api/tags';
import { type BulkActionInput, type BulkActionResult, usersApi, useUpgradeRoles } from '../../api/users';
import JobProgress from '../../components/JobProgress';
import { jobCount } from '../../components/jobProgressRules';
import { toast } from '../../components/toast';
import { peopleCount } from './listState';

/** Who the action is for: the selected people, or everyone matching (counted when the list was read). */
export type BulkSelection =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'all'; count: number; target: Extract<BulkActionInput['target'], { filter: unknown }> };

const LABELS: Record<BulkActionName, string> = {
  'add-tag': 'Add tag',
  'remove-tag': 'Remove tag',
  'set-role': 'Change role',
  delete: 'Delete',
};

/** 'Done: 12 changed, 3 unchanged (already so), 1 failed'; a role change: the spec's 'Updated 12 user(s) roles · …'. */
export function resultText(
  result: Pick<BulkActionResult, 'changed' | 'unchanged' | 'failed'>,
  action: BulkActionName,
): string {
  if (action === 'set-role') {
    return roleChangeToast({ updated: result.changed, unchanged: result.unchanged, failed: result.failed });
  }
  return `Done: ${result.changed} changed, ${result.unchanged} unchanged (already so), ${result.failed} failed`;
}

/**
 * A role change of selected people goes through the spec's POST /api/user/upgrade-role (one transaction, an audit
 * entry per person changed); "all matching" or more than UPGRADE_ROLE_MAX people need /bulk-action's job.
 * docs/decisions.md "The bulk role change goes through upgrade-role".
 */
const viaUpgradeRole = (action: BulkActionName, selection: BulkSelection) =>
  action === 'set-role' && selection.kind === 'ids' && selection.ids.length <= UPGRADE_ROLE_MAX;

export default function BulkActions({ selection, onDone }: { selection: BulkSelection; onDone: () => void }) {
  const [action, setAction] = useState<BulkActionName | null>(null);
  const count = selection.kind === 'ids' ? selection.ids.length : selection.count;
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        role="toolbar"
        aria-label="Bulk actions"
      >
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
          {selection.kind === 'all' ? `All ${peopleCount(count)} matching` : `${peopleCount(count)} selected`}
        </Typography>
        {(Object.keys(LABELS) as BulkActionName[]).map((name) => (
          <Button
            key={name}
            size="small"
            variant="outlined"
            color={name === 'delete' ? 'error' : 'primary'}
            onClick={() => setAction(name)}
          >
            {LABELS[name]}
          </Button>
        ))}
      </Stack>
      {action && (
        <ConfirmBulkAction
          action={action}
          selection={selection}
          count={count}
          onClose={(done) => {
            setAction(null);
            if (done) onDone();
          }}
        />
      )}
    </>
  );
}

function ConfirmBulkAction({
  action,
  selection,
  count,
  onClose,
}: {
  action: BulkActionName;
  selection: BulkSelection;
  count: number;
  onClose: (done: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const needsTag = action === 'add-tag' || action === 'remove-tag';
  const tags = useTags(needsTag);
  const [tagId, setTagId] = useState<number | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tagName = tags.data?.find((t) => t.id === tagId)?.name;

  const finish = async (result: BulkActionResult) => {
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    toast(resultText(result, action), result.failed > 0 ? 'warning' : 'success');
    onClose(true);
  };
  const run = useMutation({
    mutationFn: usersApi.bulkAction,
    onSuccess: async (result) => {
      if (result.jobId && result.state !== 'completed') setJobId(result.jobId);
      else await finish(result);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const upgrade = useUpgradeRoles();
  const job = useJobProgress(jobId === null ? null : jobStatusPath(jobId));
  const progress = job.data;
  // The job's end: the result toast and the dialog closes, or what went wrong.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the job's state only; finish is stable enough.
  useEffect(() => {
    if (progress?.state === 'completed') {
      void finish({
        total: progress.total,
        changed: jobCount(progress, 'changed'),
        unchanged: jobCount(progress, 'unchanged'),
        failed: jobCount(progress, 'failed'),
      });
    }
    if (progress?.state === 'failed') {
      setError('The bulk action stopped part-way: see the audit log for what changed.');
    }
  }, [progress?.state]);

  const who = peopleCount(count);
  const chosen = needsTag ? tagId !== '' : action === 'set-role' ? role !== '' : true;
  const change =
    action === 'add-tag'
      ? `The tag “${tagName ?? '…'}” will be added to ${who}. People who already have it stay as they are.`
      : action === 'remove-tag'
        ? `The tag “${tagName ?? '…'}” will be taken from ${who}. People who do not have it stay as they are.`
        : action === 'set-role'
          ? `The role of ${who} will become “${role || '…'}”. People who already have it stay as they are; your own admin role is kept.`
          : `${who} will be deleted, with their tags. This cannot be undone. Your own account is kept.`;
  const confirm = () => {
    setError(null);
    if (viaUpgradeRole(action, selection) && selection.kind === 'ids' && role !== '') {
      upgrade.mutate(
        { users: selection.ids, newRole: role },
        {
          onSuccess: (answer) =>
            finish({
              total: selection.ids.length,
              changed: answer.updated,
              unchanged: 0,
              failed: 0,
            }),
          onError: (failure) => setError(errorMessage(failure)),
        },
      );
      return;
    }
    const target = selection.kind === 'ids' ? { ids: selection.ids } : selection.target;
    run.mutate({
      action,
      target,
      ...(needsTag && tagId !== '' ? { tagId } : {}),
      ...(action === 'set-role' && role !== '' ? { role } : {}),
    });
  };
  const busy = run.isPending || upgrade.isPending || jobId !== null;

  return (
    <Dialog
      open
      onClose={busy ? undefined : () => onClose(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="bulk-action-title"
    >
      <DialogTitle id="bulk-action-title">
        {LABELS[action]}: {selection.kind === 'all' ? `all ${who} matching` : who}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {needsTag && (
            <Stack spacing={0.5}>
              <Typography component="label" htmlFor="bulk-tag" variant="body2">
                Tag
              </Typography>
              <NativeSelect
                value={tagId}
                onChange={(event) => setTagId(event.target.value ? Number(event.target.value) : '')}
                inputProps={{ id: 'bulk-tag' }}
                disabled={busy}
              >
                <option value="">Choose a tag</option>
                {(tags.data ?? []).map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </NativeSelect>
            </Stack>
          )}
          {action === 'set-role' && (
            <Stack spacing={0.5}>
              <Typography component="label" htmlFor="bulk-role" variant="body2">
                New role
              </Typography>
              <NativeSelect
                value={role}
                onChange={(event) => setRole(event.target.value as Role | '')}
                inputProps={{ id: 'bulk-role' }}
                disabled={busy}
              >
                <option value="">Choose a role</option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </NativeSelect>
            </Stack>
          )}
          <DialogContentText>{change}</DialogContentText>
          {selection.kind === 'all' && (
            <DialogContentText variant="body2">
              Everyone matching the filters when you confirm is included, on every page.
            </DialogContentText>
          )}
          {jobId && (
            <Stack spacing={1} role="status" aria-live="polite">
              <JobProgress
                status={progress}
                labelId="bulk-action-progress-label"
                label={progress ? `${progress.done} of ${progress.total} handled` : 'Starting…'}
              />
            </Stack>
          )}
          {job.isError && <Alert severity="error">{errorMessage(job.error)}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={!chosen || (jobId !== null && !error)}
          loading={busy && !error}
        >
          {action === 'delete' ? `Delete ${who}` : `${LABELS[action]} for ${who}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
