import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import { BrandMark } from './BrandLogo';

/** While the session is being checked: the mark and a spinner, centred on the page. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandMark size={48} />
      <CircularProgress size={28} thickness={5} />
    </Box>
  );
}

const shimmer = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

const slide = keyframes`
  0% { transform: translateX(-100%); }
  100% { transform: translateX(250%); }
`;

function Bone({ width, height, radius = 1 }: { width: number | string; height: number; radius?: number }) {
  return (
    <Box
      sx={{
        width,
        height,
        borderRadius: radius,
        bgcolor: 'action.hover',
        animation: `${shimmer} 1.6s ease-in-out 0.4s infinite`,
      }}
    />
  );
}

/**
 * While a screen's code or data is loading inside the layout: a thin moving bar and the outline of a page.
 * Plain boxes rather than MUI Skeleton/LinearProgress, so the first download stays small.
 */
export function PageSkeleton() {
  return (
    <Box role="status" aria-label="Loading page">
      <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden' }}>
        <Box
          sx={{
            width: '40%',
            height: '100%',
            bgcolor: 'primary.main',
            animation: `${slide} 1.2s ease-in-out infinite`,
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 4 }}>
        <Bone width={220} height={36} />
        <Bone width="50%" height={18} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {[0, 1, 2].map((i) => (
          <Bone key={i} width="100%" height={160} radius={4} />
        ))}
      </Box>
    </Box>
  );
}
