import CloseRounded from '@mui/icons-material/CloseRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, Suspense } from 'react';

/** Cancel and Save of a reorder mode (useReorderMode). */
export function ReorderActions({ reorder }: { reorder: { cancel: () => void; save: () => void; pending: boolean } }) {
  return (
    <>
      <Button variant="outlined" startIcon={<CloseRounded />} onClick={reorder.cancel} disabled={reorder.pending}>
        Cancel
      </Button>
      <Button
        variant="contained"
        startIcon={<SaveRounded />}
        onClick={reorder.save}
        loading={reorder.pending}
        loadingPosition="start"
      >
        Save
      </Button>
    </>
  );
}

/** The reorder view: how it works, then the (lazily loaded) drag-and-drop list. */
export function ReorderPanel({
  hint,
  fallback,
  children,
}: {
  hint: ReactNode;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Alert severity="info" sx={{ mb: 2.5 }}>
        {hint}
      </Alert>
      {children}
    </Suspense>
  );
}
