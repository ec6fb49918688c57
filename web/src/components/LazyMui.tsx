/**
 * MUI components that only some people ever see on a screen that must load fast (the catalogue's admin controls and
 * DRAFT badges), fetched when first rendered instead of with the screen. Until they have arrived: a tooltip's control
 * shows without its tooltip, a chip shows nothing.
 */
import type { ChipProps } from '@mui/material/Chip';
import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

const MuiTooltip = lazy(() => import('@mui/material/Tooltip'));
const MuiChip = lazy(() => import('@mui/material/Chip'));

/** MUI's Tooltip (~13 KB gzipped with its Popper). */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <MuiTooltip {...props} />
    </Suspense>
  );
}

/** MUI's Chip (~3 KB gzipped). */
export function Chip(props: ChipProps) {
  return (
    <Suspense fallback={null}>
      <MuiChip {...props} />
    </Suspense>
  );
}
