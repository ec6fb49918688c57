import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';

/** The floating 'Scroll to top' button itself (a separate download: ScrollTopButton loads it on the first need). */
export default function ScrollTopFab({ visible }: { visible: boolean }) {
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
