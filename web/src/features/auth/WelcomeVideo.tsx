import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { config } from '../../config';

/**
 * The sign-up welcome video as a click-to-play facade: nothing is requested from the video host until the visitor
 * presses play (faster page, no third-party requests for people who never watch). The embed address comes from
 * VITE_WELCOME_VIDEO_URL; without one, the poster says the video is on its way instead of offering a dead button.
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

  const label = (
    <>
      <Typography sx={{ fontWeight: 700, fontSize: '1.05rem' }}>Welcome to Rainmakers</Typography>
      <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.8)' }}>
        {url ? 'A quick hello from our founders' : 'Our welcome video is on its way'}
      </Typography>
    </>
  );

  if (!url) {
    return (
      <Box sx={poster}>
        <VideocamRounded sx={{ fontSize: 40, color: 'rgba(255,255,255,0.6)' }} aria-hidden />
        {label}
      </Box>
    );
  }

  return (
    <ButtonBase
      onClick={() => setPlaying(true)}
      aria-label="Play welcome video"
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
