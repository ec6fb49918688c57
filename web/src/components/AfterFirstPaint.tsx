import { type ReactNode, Suspense } from 'react';
import { useAfterFirstPaint } from './useAfterFirstPaint';

/**
 * Lazy parts rendered in the same commit as a screen's heading (a tag picker, a lesson's discussion) are asked for
 * once that commit has painted: `fallback` shows until then and while they arrive, so their files never count
 * against the screen's first load (docs/decisions.md, "Web first load").
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const painted = useAfterFirstPaint();
  return <Suspense fallback={fallback}>{painted ? children : fallback}</Suspense>;
}
