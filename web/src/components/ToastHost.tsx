import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, type SnackbarKey, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from './toast';

/** notistack toasts in the app's colours and type. */
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontWeight: 550,
  borderRadius: 12,
  boxShadow: '0 10px 30px rgba(43, 27, 46, 0.22)',
  // Each colour with its own contrast text: in dark mode the colours are light and the text is dark (4.5:1).
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '&.notistack-MuiContent-info': { backgroundColor: '#2B1B2E', color: '#FFFFFF' },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
}));

const components = { default: Toast, success: Toast, error: Toast, info: Toast, warning: Toast };

/** The toasts themselves (lazy: see components/Toasts.tsx); `toast()` shows them through notistack's global queue. */
export default function ToastHost() {
  useEffect(() => {
    // The toast on screen for each text: the same text again (the same action done again, seconds later) replaces
    // it, so one text never shows twice at once.
    const shown = new Map<string, SnackbarKey>();
    attachToastHost((message, variant) => {
      const text = `${variant}\u0000${message}`;
      const previous = shown.get(text);
      if (previous !== undefined) closeSnackbar(previous);
      const key = enqueueSnackbar(message, {
        variant,
        onExited: (_node, exited) => {
          if (shown.get(text) === exited) shown.delete(text);
        },
      });
      shown.set(text, key);
    });
    return () => attachToastHost(null);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // The same text twice within a moment (a double click, a retried call) shows once: toast() sees to it.
      classes={{ containerAnchorOriginTopCenter: 'rm-toasts' }}
      Components={components}
    />
  );
}
