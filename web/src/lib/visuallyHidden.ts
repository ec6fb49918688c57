/**
 * Read by screen readers, not shown (a button's hint, the full title behind a clipped one, a chart's text). The same
 * rules as MUI's own `visuallyHidden` (@mui/utils, not a direct dependency of the web): 1px in pixels, because a bare
 * `1` in `sx` means 100%.
 */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
