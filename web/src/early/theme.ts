/**
 * Dark mode before the first paint. The person's choice (light, dark or system) is kept on their user
 * record and remembered in this browser's local storage; index.html's early script (early/script.ts) reads it and
 * marks <html> before any CSS or JS arrives, so a dark page never flashes white. Shared with the app (ThemeMode).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'rm-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The page background of each mode (theme.ts uses the same), painted by the early script. */
export const PAGE_BACKGROUND: Record<ThemeMode, string> = { light: '#FAF6F2', dark: '#17121A' };

export function parseChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function resolveMode(choice: ThemeChoice, systemDark: boolean): ThemeMode {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The remembered choice; 'system' when none is stored or storage is unavailable (private modes). */
export function storedChoice(storage: () => Pick<Storage, 'getItem'> | undefined): ThemeChoice {
  try {
    return parseChoice(storage()?.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Marks <html> with the mode: `data-theme`, the browser's own `color-scheme` and the page background. */
export function paintMode(root: HTMLElement, mode: ThemeMode): void {
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  root.style.backgroundColor = PAGE_BACKGROUND[mode];
}
