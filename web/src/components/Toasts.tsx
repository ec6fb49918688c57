import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/**
 * Toasts sit at the top centre on wide screens: never over the lesson's Mark as Completed / Next Lesson row at the
 * foot of a lesson (LessonPanel also keeps that row out of this band when it raises a toast). On a phone they sit at
 * the bottom centre, above the home indicator (issue 21: at the top they covered the lesson's header).
 */
export const TOAST_BAND_PX = { desktop: 96, phone: 144 } as const;

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

/** Wraps the app, so both `useSnackbar()` and `toast()` work everywhere. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          [theme.breakpoints.down('md')]: {
            '.rm-toasts.rm-toasts': {
              top: 'auto',
              bottom: 'calc(env(safe-area-inset-bottom, 0px) + 16px)',
              flexDirection: 'column-reverse',
            },
          },
        })}
      />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={4000}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        // The same text twice (a double click, a retried call) shows one toast, not a stack of copies.
        preventDuplicate
        classes={{ containerAnchorOriginTopCenter: 'rm-toasts' }}
        Components={components}
      >
        {children}
      </SnackbarProvider>
    </>
  );
}
