import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './api/queryClient';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ThemeFromAccount, ThemeModeProvider } from './components/ThemeMode';
import { ToastProvider } from './components/Toasts';
import { AppRoutes } from './routes/AppRoutes';
import { bindApiToSession, SessionProvider } from './session/SessionProvider';

bindApiToSession(queryClient);

export function App() {
  return (
    <ThemeModeProvider>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ErrorBoundary>
              <SessionProvider>
                <ThemeFromAccount />
                <AppRoutes />
              </SessionProvider>
            </ErrorBoundary>
          </BrowserRouter>
        </QueryClientProvider>
      </ToastProvider>
    </ThemeModeProvider>
  );
}
