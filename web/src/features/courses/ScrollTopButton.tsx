import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useEffect, useState } from 'react';

/** Marks the element the button waits for: it appears once this element has scrolled out of view above. */
export const FIRST_CARD_ATTRIBUTE = 'data-first-card';

/** A floating 'Scroll to top' button that appears after the person scrolls past the first card. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const first = document.querySelector(`[${FIRST_CARD_ATTRIBUTE}]`);
      setVisible(first ? first.getBoundingClientRect().bottom < 0 : false);
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

  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        color="primary"
        size="medium"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 32 },
          bottom: { xs: 16, md: 32 },
          zIndex: (t) => t.zIndex.speedDial,
        }}
      >
        <KeyboardArrowUpRounded />
      </Fab>
    </Zoom>
  );
}
