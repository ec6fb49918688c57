import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SentimentDissatisfiedRounded from '@mui/icons-material/SentimentDissatisfiedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MessageCard } from './MessagePage';

export const RENDER_ERROR_TITLE = 'Oops! Something went wrong.';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches rendering errors (and failed screen downloads) so one broken screen never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box sx={{ py: { xs: 4, sm: 8 }, px: 2 }}>
        <MessageCard
          icon={<SentimentDissatisfiedRounded />}
          title={RENDER_ERROR_TITLE}
          tone="error"
          actions={
            <>
              <Button variant="contained" startIcon={<RefreshRounded />} onClick={() => window.location.reload()}>
                Reload the page
              </Button>
              <Button variant="outlined" href="/">
                Go back home
              </Button>
            </>
          }
        >
          This screen ran into a problem. Reloading usually fixes it; if it keeps happening, please contact support.
        </MessageCard>
      </Box>
    );
  }
}
