import { useEffect, useState } from 'react';

/**
 * False for the first render, true once the browser has painted it (the frame after the commit, then a task): a
 * screen renders its heading first and starts fetching the code of what lies below only then, so those bytes do not
 * share the first wave's connections and bandwidth with what the heading needs (docs/decisions.md, "Web first load").
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
