import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { config } from '../../config';

/** A video's embed address from its key (contracts/qualifier.ts); '' when no video host is configured. */
export const qualifierVideoUrl = (key: string): string =>
  config.qualifierVideoBaseUrl ? `${config.qualifierVideoBaseUrl}${key}` : '';

const frame = {
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: '12px',
  overflow: 'hidden',
} as const;

/**
 * Click-to-play: nothing is requested from the video host until play is pressed. Without an address, a plain
 * panel says the video is not available yet (no fake player).
 */
export function VideoFacade({ videoKey, title }: { videoKey: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const url = qualifierVideoUrl(videoKey);
  if (!url) {
    return (
      <Box sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', p: 2, textAlign: 'center' }}>
        <Typography color="text.secondary">{title}: the video is not available yet.</Typography>
      </Box>
    );
  }
  if (playing) {
    return (
      <Box sx={frame}>
        <Box
          component="iframe"
          src={url}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={() => setPlaying(true)}
      aria-label={`Play video: ${title}`}
      focusRipple
      sx={{
        ...frame,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        color: '#FFFFFF',
        background: 'linear-gradient(135deg, #8C2F5D 0%, #3B2340 100%)',
      }}
    >
      <PlayArrowRounded sx={{ fontSize: 48 }} />
      <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
    </ButtonBase>
  );
}
