import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  DARK_QUERY,
  paintMode,
  resolveMode,
  storedChoice,
  THEME_STORAGE_KEY,
  type ThemeChoice,
  type ThemeMode,
} from '../early/theme';
import { useSession } from '../session/context';
import { makeTheme } from '../theme';

interface ThemeModeValue {
  /** What the person chose: light, dark or the system's. */
  choice: ThemeChoice;
  /** The mode in use now (the system's when the choice is 'system'). */
  mode: ThemeMode;
  /** Applies a choice at once and remembers it in this browser (the profile saves it on the account). */
  choose: (choice: ThemeChoice) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}

function remember(choice: ThemeChoice) {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice still applies until the page is closed.
  }
}

/** Follows the system's colour scheme live (prefers-color-scheme). */
function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/**
 * The app's MUI theme in the chosen mode. It starts from the choice remembered in this browser (the
 * same one index.html's early script painted), so the first render matches the first paint.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<ThemeChoice>(() => storedChoice(() => window.localStorage));
  const systemDark = useSystemDark();
  const mode = resolveMode(choice, systemDark);
  const theme = useMemo(() => makeTheme(mode), [mode]);
  const choose = useCallback((next: ThemeChoice) => {
    remember(next);
    setChoice(next);
  }, []);
  useEffect(() => paintMode(document.documentElement, mode), [mode]);
  const value = useMemo(() => ({ choice, mode, choose }), [choice, mode, choose]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/**
 * The account's choice wins over this browser's once the session is known: a choice made on another device
 * follows the person here (and is remembered for the next first paint).
 */
export function ThemeFromAccount() {
  const { currentUser } = useSession();
  const { choose } = useThemeMode();
  const accountChoice = currentUser?.theme;
  useEffect(() => {
    if (accountChoice) choose(accountChoice);
  }, [accountChoice, choose]);
  return null;
}
