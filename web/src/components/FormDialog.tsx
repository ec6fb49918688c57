import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEvent, ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import type { ConfirmedDelete } from './useConfirmedDelete';

/**
 * An add/edit dialog that is a form: title, content, then Delete (existing items, after a confirmation), Cancel and
 * Save (submits). Full screen below `fullScreenBelow`; it cannot be dismissed while saving or deleting.
 */
export function FormDialog({
  titleId,
  title,
  maxWidth,
  fullScreenBelow = 'sm',
  onSubmit,
  onClose,
  saving,
  saveDisabled,
  deletion,
  children,
}: {
  /** The title's element id (the dialog is labelled by it). */
  titleId: string;
  title: string;
  maxWidth: DialogProps['maxWidth'];
  fullScreenBelow?: 'sm' | 'md';
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  saving: boolean;
  saveDisabled?: boolean;
  /** Offers Delete (after a confirmation): what useConfirmedDelete gives. */
  deletion?: ConfirmedDelete;
  children: ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down(fullScreenBelow));
  const busy = saving || !!deletion?.pending;

  return (
    <>
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth={maxWidth}
        aria-labelledby={titleId}
        slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          {deletion && (
            <Button
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={deletion.ask}
              disabled={busy}
              sx={{ mr: 'auto' }}
            >
              Delete
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={saveDisabled}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      {deletion && (
        <ConfirmDialog
          open={deletion.open}
          title={deletion.title}
          confirmLabel={deletion.confirmLabel}
          pending={deletion.pending}
          onConfirm={deletion.confirm}
          onClose={deletion.cancel}
        >
          {deletion.message}
        </ConfirmDialog>
      )}
    </>
  );
}
