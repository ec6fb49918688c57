import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** notistack toasts in the app's colours and type. */
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontWeight: 550,
  borderRadius: 12,
  boxShadow: '0 10px 30px rgba(43, 27, 46, 0.22)',
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-info': { backgroundColor: '#2B1B2E' },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
}));

const components = { default: Toast, success: Toast, error: Toast, info: Toast, warning: Toast };

/** Wraps the app, so both `useSnackbar()` and `toast()` work everywhere. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={components}
    >
      {children}
    </SnackbarProvider>
  );
}
