/**
 * Admin-only tools of the user dashboard, one download: the Options menu. 'Sync with Stripe' opens the shared
 * billing dialog (components/billing/StripeSyncDialog). The bulk role change of the selected rows is one of the
 * table's bulk actions (BulkActions, with its confirmation).
 */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useState } from 'react';

const BulkUpdateWizard = lazy(() => import('./BulkUpdateWizard'));
const ImportDialog = lazy(() => import('./ImportDialog'));
const StripeSyncDialog = lazy(() => import('../../components/billing/StripeSyncDialog'));

type Props = {
  part: 'menu';
  unpaidFilter: boolean;
  onUnpaidFilter: (on: boolean) => void;
  /** users.csv of the people the list's filters match (the export follows the screen). */
  exportHref: string;
  /** 'Exporting 47 people matching your filters' */
  exportNote?: string;
};

export default function AdminTools(props: Props) {
  return <OptionsMenu {...props} />;
}

function OptionsMenu({ unpaidFilter, onUnpaidFilter, exportHref, exportNote }: Props) {
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
        <MenuItem component="a" href={exportHref} download="users.csv" onClick={close}>
          <ListItemText primary="Export" secondary={exportNote ?? 'users.csv'} />
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
          <ListItemText
            primary="Sub. Problems"
            secondary={unpaidFilter ? 'Showing unpaid only' : 'Unpaid only (see the Payment status filter for all)'}
          />
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
