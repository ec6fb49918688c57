import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { config } from '../../config';

/**
 * The sign-up welcome video as a click-to-play facade: nothing is requested from the video host until the visitor
 * presses play (faster page, no third-party requests for people who never watch). The embed address comes from
 * VITE_WELCOME_VIDEO_URL; without one nothing is shown (the sign-up page lists what members get instead).
 */
export function WelcomeVideo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const [playing, setPlaying] = useState(false);
  const url = config.welcomeVideoUrl;
  const frame = {
    position: 'relative',
    width: '100%',
    aspectRatio: '16 / 9',
    borderRadius: '16px',
    overflow: 'hidden',
    boxShadow: tone === 'light' ? '0 18px 40px rgba(0,0,0,0.35)' : '0 10px 30px rgba(43,27,46,0.18)',
  } as const;

  if (playing && url) {
    return (
      <Box sx={frame}>
        <Box
          component="iframe"
          src={url}
          title="Welcome to Rainmakers video"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    );
  }

  const poster = {
    ...frame,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 1.5,
    color: '#FFFFFF',
    background:
      'radial-gradient(circle at 20% 20%, rgba(243,174,143,0.55), transparent 45%), linear-gradient(135deg, #8C2F5D 0%, #3B2340 100%)',
  } as const;

  if (!url) return null;

  const label = (
    <>
      <Typography sx={{ fontWeight: 700, fontSize: '1.05rem' }}>Welcome to Rainmakers</Typography>
      <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.85)' }}>
        A quick hello from our founders
      </Typography>
    </>
  );

  return (
    <ButtonBase
      onClick={() => setPlaying(true)}
      aria-label="Play welcome video: Welcome to Rainmakers, a quick hello from our founders"
      focusRipple
      sx={{ ...poster, '&:hover .play': { transform: 'scale(1.08)' } }}
    >
      <Box
        className="play"
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(255,255,255,0.95)',
          color: 'primary.main',
          transition: 'transform 150ms ease',
          boxShadow: '0 6px 18px rgba(0,0,0,0.25)',
        }}
      >
        <PlayArrowRounded sx={{ fontSize: 38 }} />
      </Box>
      {label}
    </ButtonBase>
  );
}
