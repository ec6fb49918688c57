import { alpha, createTheme } from '@mui/material/styles';
import { PAGE_BACKGROUND, type ThemeMode } from './early/theme';

/**
 * Warm and business-like: a deep berry for actions, a soft apricot accent, warm paper tones, and a dark aubergine
 * sidebar. System fonts only (the app must not load anything from other hosts).
 */
const berry = { main: '#8C2F5D', dark: '#6B1F46', light: '#B55A86', contrastText: '#FFFFFF' };
// apricot.dark and warning.main are text and badge colours: at least 4.5:1 against white (WCAG 1.4.3).
const apricot = { main: '#E8845C', dark: '#A84E2C', light: '#F3AE8F', contrastText: '#2A1B24' };
const ink = '#2A2030';

export const sidebarColors = {
  background: '#2B1B2E',
  text: 'rgba(255, 255, 255, 0.78)',
  muted: 'rgba(255, 255, 255, 0.52)',
  hover: 'rgba(255, 255, 255, 0.06)',
  selected: alpha(apricot.main, 0.16),
  accent: apricot.main,
  divider: 'rgba(255, 255, 255, 0.08)',
};

/**
 * The keyboard focus ring (WCAG 2.4.7 / 2.4.11): a 3 px outline drawn only for keyboard focus (:focus-visible, and
 * MUI's .Mui-focusVisible for its buttons), berry on the light pages and apricot on the dark sidebar, both above 3:1
 * against their background. Mouse clicks draw nothing.
 */
export const focusRing = { outline: `3px solid ${berry.main}`, outlineOffset: 2 } as const;
const darkFocusRing = { outline: `3px solid ${apricot.main}`, outlineOffset: 2 } as const;

/**
 * Dark mode: the same berry and apricot, lightened so text and icons keep at least 4.5:1 on the dark
 * aubergine paper, with dark text on the light buttons. The sidebar is dark in both modes.
 */
const darkBerry = { main: '#E79BC0', dark: '#D27AA6', light: '#F2C2DA', contrastText: '#2A1B24' };
const darkApricot = { main: '#F0A07E', dark: '#F3AE8F', light: '#F7C8B2', contrastText: '#2A1B24' };
const palettes = {
  light: {
    mode: 'light',
    primary: berry,
    secondary: apricot,
    background: { default: PAGE_BACKGROUND.light, paper: '#FFFFFF' },
    text: { primary: ink, secondary: '#685B6B' },
    divider: 'rgba(42, 32, 48, 0.10)',
    success: { main: '#2E7D5B' },
    error: { main: '#C62E3A' },
    warning: { main: '#9A5800' },
    info: { main: '#2F6E9E' },
  },
  dark: {
    mode: 'dark',
    primary: darkBerry,
    secondary: darkApricot,
    background: { default: PAGE_BACKGROUND.dark, paper: '#221A25' },
    text: { primary: '#F4EDF2', secondary: '#C9BCC8' },
    divider: 'rgba(255, 255, 255, 0.14)',
    success: { main: '#6CCB9F' },
    error: { main: '#F58A91' },
    warning: { main: '#EBA94A' },
    info: { main: '#7DB9E6' },
  },
} as const;

/** The app's theme in one mode (App builds the one in use; early/theme.ts paints its background first). */
export function makeTheme(mode: ThemeMode) {
  const palette = palettes[mode];
  const ring = mode === 'dark' ? { outline: `3px solid ${darkBerry.main}`, outlineOffset: 2 } : focusRing;
  return createTheme({
    palette,
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 750, letterSpacing: '-0.02em', lineHeight: 1.2 },
      h2: { fontSize: '1.875rem', fontWeight: 750, letterSpacing: '-0.02em', lineHeight: 1.25 },
      h3: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.01em', lineHeight: 1.3 },
      h4: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.35 },
      h5: { fontSize: '1.125rem', fontWeight: 650 },
      h6: { fontSize: '1rem', fontWeight: 650 },
      subtitle1: { fontWeight: 550 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.12em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          '::selection': { backgroundColor: alpha(palette.primary.main, mode === 'dark' ? 0.32 : 0.18) },
          ':focus-visible': ring,
          '.Mui-focusVisible': ring,
          // The dark sidebar (desktop nav, phone drawer) and the sign-in brand panel: the light ring.
          'nav[aria-label="Main"] :focus-visible, nav[aria-label="Main"] .Mui-focusVisible': darkFocusRing,
          // Text inputs show focus on their outlined box (below), not as a second ring around the bare <input>.
          'input:focus-visible, textarea:focus-visible, select:focus-visible': { outline: 'none' },
        },
      },
      // ButtonBase's own `outline: 0` would win over the global rule: its focus ring is set on the component itself.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      // A disabled field's explanation stays readable (4.5:1); only the control itself is greyed out.
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: palette.text.secondary } } } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 10, paddingInline: 18 },
          sizeLarge: { paddingBlock: 11, fontSize: '1rem' },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            backgroundColor: palette.background.paper,
            borderRadius: 10,
            '&.Mui-focused': { boxShadow: `0 0 0 3px ${alpha(palette.primary.main, 0.28)}` },
          },
        },
      },
      MuiPaper: {
        styleOverrides: {
          rounded: { borderRadius: 16 },
          outlined: { borderColor: palette.divider },
          // MUI lightens dark-mode paper by elevation; the palette's paper is already the surface colour.
          ...(mode === 'dark' ? { root: { backgroundImage: 'none' } } : {}),
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 600 } } },
      // Tabs and card action areas sit in boxes that clip overflow: their focus ring is drawn inside.
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': { outlineOffset: -3 } } } },
      MuiCardActionArea: {
        styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': { outlineOffset: -3, borderRadius: 16 } } },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    },
  });
}
