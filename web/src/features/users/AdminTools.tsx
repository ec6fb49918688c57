/**
 * Admin-only tools of the user dashboard, one download: the Options menu and the bulk role change for the
 * selected rows. 'Sync with Stripe' opens the billing feature's dialog (features/billing/StripeSyncDialog).
 */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { Role } from '@rainmakers/contracts';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useUpgradeRoles } from '../../api/users';
import { toast } from '../../components/toast';
import { ROLE_OPTIONS } from './userForm';

const BulkUpdateWizard = lazy(() => import('./BulkUpdateWizard'));
const ImportDialog = lazy(() => import('./ImportDialog'));
const StripeSyncDialog = lazy(() => import('../billing/StripeSyncDialog'));

type Props =
  | {
      part: 'menu';
      unpaidFilter: boolean;
      onUnpaidFilter: (on: boolean) => void;
      selected: number[];
      onRolesChanged: () => void;
    }
  | { part: 'bulk-role'; selected: number[]; onRolesChanged: () => void };

export default function AdminTools(props: Props) {
  if (props.part === 'bulk-role') return <BulkRoleChange selected={props.selected} onDone={props.onRolesChanged} />;
  return <OptionsMenu unpaidFilter={props.unpaidFilter} onUnpaidFilter={props.onUnpaidFilter} />;
}

function OptionsMenu({
  unpaidFilter,
  onUnpaidFilter,
}: {
  unpaidFilter: boolean;
  onUnpaidFilter: (on: boolean) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wizard, setWizard] = useState(false);
  const [importing, setImporting] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      {wizard && (
        <Suspense fallback={null}>
          <BulkUpdateWizard onClose={() => setWizard(false)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {syncing && (
        <Suspense fallback={null}>
          <StripeSyncDialog onClose={() => setSyncing(false)} />
        </Suspense>
      )}
      <Button
        variant="outlined"
        endIcon={<ExpandMoreRounded />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'users-options-menu' : undefined}
        id="users-options-button"
      >
        Options
      </Button>
      <Menu
        id="users-options-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': 'users-options-button' } }}
      >
        {/* Plain links: the browser streams each file straight to disk (GET, the session cookie goes along). */}
        <MenuItem component="a" href="/api/user/export" download="users.csv" onClick={close}>
          <ListItemText primary="Export" secondary="users.csv" />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setImporting(true);
          }}
        >
          <ListItemText primary="Import users" />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setWizard(true);
          }}
        >
          <ListItemText primary="Bulk update from CSV" />
        </MenuItem>
        <MenuItem component="a" href="/api/user/generate-test-user-csv" download onClick={close}>
          <ListItemText primary="Download bulk update sample" />
        </MenuItem>
        <MenuItem component="a" href="/api/user/generate-test-user-import-csv" download onClick={close}>
          <ListItemText primary="Download import sample" />
        </MenuItem>
        <MenuItem
          selected={unpaidFilter}
          onClick={() => {
            onUnpaidFilter(!unpaidFilter);
            close();
          }}
        >
          <ListItemText primary="Sub. Problems" secondary={unpaidFilter ? 'Showing unpaid only' : undefined} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setSyncing(true);
          }}
        >
          <ListItemText primary="Sync with Stripe" />
        </MenuItem>
      </Menu>
    </>
  );
}

function BulkRoleChange({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const [role, setRole] = useState<Role | ''>('');
  const upgrade = useUpgradeRoles();
  const apply = () => {
    if (!role) return;
    upgrade.mutate(
      { users: selected, newRole: role },
      {
        onSuccess: ({ updated }) => {
          toast(`Updated ${updated} user(s) roles`, 'success');
          setRole('');
          onDone();
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id="bulk-role-label">New role for {selected.length}</InputLabel>
        <Select
          labelId="bulk-role-label"
          label={`New role for ${selected.length}`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLE_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button variant="contained" disabled={!role} loading={upgrade.isPending} onClick={apply}>
        Change role
      </Button>
    </Stack>
  );
}
