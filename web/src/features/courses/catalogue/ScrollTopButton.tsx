import { lazy, Suspense, useEffect, useState } from 'react';

/** Marks the element the button waits for: it appears once this element has scrolled out of view above. */
export const FIRST_CARD_ATTRIBUTE = 'data-first-card';

// Not part of the catalogue's first load: nobody needs it before scrolling past the first card.
const ScrollTopFab = lazy(() => import('./ScrollTopFab'));

/** A floating 'Scroll to top' button that appears after the person scrolls past the first card. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const first = document.querySelector(`[${FIRST_CARD_ATTRIBUTE}]`);
      const past = first ? first.getBoundingClientRect().bottom < 0 : false;
      setVisible(past);
      if (past) setNeeded(true);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ScrollTopFab visible={visible} />
    </Suspense>
  );
}
