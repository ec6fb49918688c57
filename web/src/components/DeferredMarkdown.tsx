import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from './useAfterFirstPaint';

/** Set once the renderer has arrived: later instances (a chat's next answer) render at once, without a placeholder. */
let rendererLoaded = false;
const Markdown = lazy(() =>
  import('./Markdown').then((m) => {
    rendererLoaded = true;
    return { default: m.Markdown };
  }),
);

/** Placeholder lines while the renderer arrives: about the height of a paragraph, so the page does not jump much. */
function MarkdownPlaceholder({ label }: { label?: string }) {
  return (
    <Box role="status" aria-label={label ? `Loading ${label.toLowerCase()}` : 'Loading'} sx={{ mt: 2 }}>
      {[100, 94, 97, 60].map((w) => (
        <Skeleton key={w} width={`${w}%`} />
      ))}
    </Box>
  );
}

/**
 * components/Markdown for a screen's first render: the renderer (marked and DOMPurify, about 28 KB gzipped) is
 * fetched once the screen around it is on screen, not before its heading (docs/decisions.md, "Web first load").
 */
export function DeferredMarkdown({ source, label }: { source: string; label?: string }) {
  const painted = useAfterFirstPaint();
  const placeholder = <MarkdownPlaceholder label={label} />;
  if (!painted && !rendererLoaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Markdown source={source} label={label} />
    </Suspense>
  );
}
