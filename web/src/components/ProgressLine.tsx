/**
 * A determinate progress bar drawn as MUI's LinearProgress draws one (a track in a light tint of the colour, the bar
 * sliding in from the left), announced the same way (a progressbar with its value). MUI's LinearProgress is about
 * 2.5 KB gzipped, most of it the moving bars of the indeterminate and buffer kinds; the course page, the catalogue,
 * the dashboard, a member's page and the board show only values on first paint (docs/decisions.md, "Web first
 * loads: lighter parts of our own"). Moving bars: LazyMui's LazyLinearProgress or MUI's own.
 */
import Box from '@mui/material/Box';
import { darken, lighten, type SxProps, type Theme } from '@mui/material/styles';
import type { AriaAttributes } from 'react';

export function ProgressLine({
  value,
  color = 'primary',
  roundedBar = false,
  sx,
  ...aria
}: {
  /** 0 to 100. */
  value: number;
  color?: 'primary' | 'success';
  /** The bar's right end rounded like the track's (the board's bars). */
  roundedBar?: boolean;
  sx?: SxProps<Theme>;
} & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby'> & { 'data-progress'?: number }) {
  const shown = Math.min(100, Math.max(0, value));
  return (
    <Box
      role="progressbar"
      aria-valuenow={Math.round(shown)}
      aria-valuemin={0}
      aria-valuemax={100}
      {...aria}
      sx={[
        (theme) => ({
          position: 'relative',
          overflow: 'hidden',
          display: 'block',
          height: 4,
          zIndex: 0,
          bgcolor:
            theme.palette.mode === 'light'
              ? lighten(theme.palette[color].main, 0.62)
              : darken(theme.palette[color].main, 0.5),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={(theme) => ({
          position: 'absolute',
          inset: 0,
          transformOrigin: 'left',
          transform: `translateX(${shown - 100}%)`,
          transition: 'transform .4s linear',
          bgcolor: theme.palette[color].main,
          borderRadius: roundedBar ? 'inherit' : 0,
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        })}
      />
    </Box>
  );
}
