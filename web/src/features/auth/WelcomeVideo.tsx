import Box from '@mui/material/Box';
import { usePublicSiteContent } from '../../api/siteContent';
import { VideoPlayer } from '../../components/VideoPlayer';

/**
 * The sign-up welcome video as the admin set it on /site-content (GET /api/site-content/public: the visitor is not
 * signed in). Click-to-play for YouTube and Vimeo; without a video nothing is shown (the sign-up page lists what
 * members get instead).
 */
export function WelcomeVideo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const url = usePublicSiteContent().data?.videos['sign-up-welcome'] ?? null;
  if (!url) return null;
  return (
    <Box
      sx={{
        borderRadius: '16px',
        overflow: 'hidden',
        boxShadow: tone === 'light' ? '0 18px 40px rgba(0,0,0,0.35)' : '0 10px 30px rgba(43,27,46,0.18)',
      }}
    >
      <VideoPlayer url={url} title="Welcome to Rainmakers, a quick hello from our founders" />
    </Box>
  );
}
