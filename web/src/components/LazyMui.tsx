/**
 * MUI components that only some people ever see on a screen that must load fast (the catalogue's admin controls and
 * DRAFT badges), fetched when first rendered instead of with the screen. Until they have arrived: a tooltip's control
 * shows without its tooltip, a chip shows nothing.
 */
import type { ChipProps } from '@mui/material/Chip';
import type { LinearProgressProps } from '@mui/material/LinearProgress';
import type { TextFieldProps } from '@mui/material/TextField';
import type { TooltipProps } from '@mui/material/Tooltip';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { ConfirmDialog as EagerConfirmDialog } from './ConfirmDialog';
import { useAfterFirstPaint } from './useAfterFirstPaint';

const MuiTooltip = lazy(() => import('@mui/material/Tooltip'));
const MuiChip = lazy(() => import('@mui/material/Chip'));
const MuiLinearProgress = lazy(() => import('@mui/material/LinearProgress'));
const MuiTextField = lazy(() => import('@mui/material/TextField'));
const ConfirmDialogPart = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * MUI's Tooltip (~13 KB gzipped with its Popper), asked for once the screen has painted: a tooltip on a control at the
 * top of a screen (the qualifier's Start over) would otherwise be fetched with the screen's own files, before its
 * heading.
 */
export function Tooltip(props: TooltipProps) {
  const painted = useAfterFirstPaint();
  return <Suspense fallback={props.children}>{painted ? <MuiTooltip {...props} /> : props.children}</Suspense>;
}

/** MUI's Chip (~3 KB gzipped). */
export function Chip(props: ChipProps) {
  return (
    <Suspense fallback={null}>
      <MuiChip {...props} />
    </Suspense>
  );
}

/**
 * MUI's LinearProgress (~2.5 KB gzipped) for the moving bar of a search or a refresh in progress: nothing shows for
 * the moment it takes to arrive (the results already shown stay). Values: components/ProgressLine.tsx.
 */
export function LazyLinearProgress(props: LinearProgressProps) {
  return (
    <Suspense fallback={null}>
      <MuiLinearProgress {...props} />
    </Suspense>
  );
}

/**
 * MUI's TextField (~15 KB gzipped with the Select, Menu and Modal it brings) for fields that appear only after a
 * click (the board's 'Add another card'). Nothing shows for the moment it takes to arrive.
 */
export function LazyTextField(props: TextFieldProps) {
  return (
    <Suspense fallback={null}>
      <MuiTextField {...props} />
    </Suspense>
  );
}

/** The confirm dialog, fetched when it first opens and kept mounted afterwards so it can animate out. */
export function LazyConfirmDialog(props: ComponentProps<typeof EagerConfirmDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPart {...props} />
    </Suspense>
  );
}

/** Warms the parts above once a screen has painted, so the first click does not wait for them. */
export function prefetchLazyFormParts(): void {
  void import('@mui/material/TextField');
  void import('./ConfirmDialog');
}
