import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { parseVideoSource } from '@rainmakers/contracts/video-source';
import { useEffect, useRef, useState } from 'react';

/** How often a playing video reports where it is (and on pause, and when the page goes away). */
export const VIDEO_POSITION_EVERY_MS = 10_000;

const frame = {
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: '12px',
  overflow: 'hidden',
  bgcolor: '#000000',
} as const;

export interface VideoPlayerProps {
  /** A YouTube or Vimeo address, or an uploaded file (`/upload/files/…`); nothing renders without a playable one. */
  url: string | null | undefined;
  /** What the video is: the frame's title and the play button's name. */
  title: string;
  /** Seconds to start at (a lesson resumes where the member stopped). */
  startAt?: number;
  /** Where the viewer is, every ~10 s while playing, on pause and when the page goes away (uploaded files). */
  onPosition?: (seconds: number) => void;
  sx?: SxProps<Theme>;
}

/**
 * The product's one video player. YouTube plays from youtube-nocookie.com and Vimeo from player.vimeo.com
 * (the gateway's CSP allows exactly those frames), behind a click-to-play button so nothing is requested from them
 * until the viewer asks; captions and full screen are allowed. Uploaded files play in the browser's own player
 * (keyboard usable) and can report their position. A video that is not set renders nothing: no empty box.
 */
export function VideoPlayer({ url, title, startAt = 0, onPosition, sx }: VideoPlayerProps) {
  const source = parseVideoSource(url);
  if (!source) return null;
  if (source.kind === 'file') {
    return <FileVideo src={source.url} title={title} startAt={startAt} onPosition={onPosition} sx={sx} />;
  }
  const start = Math.floor(startAt);
  const embed =
    source.kind === 'youtube'
      ? `${source.embedUrl}&autoplay=1${start > 0 ? `&start=${start}` : ''}`
      : `${source.embedUrl}&autoplay=1${start > 0 ? `#t=${start}s` : ''}`;
  return <EmbedFacade src={embed} title={title} sx={sx} />;
}

function EmbedFacade({ src, title, sx }: { src: string; title: string; sx?: SxProps<Theme> }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <Box sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]} data-testid="video-player">
        <Box
          component="iframe"
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
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
      data-testid="video-player"
      sx={[
        {
          ...frame,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          color: '#FFFFFF',
          background: 'linear-gradient(135deg, #8C2F5D 0%, #3B2340 100%)',
          '&:focus-visible': { outline: '3px solid #F3AE8F', outlineOffset: 2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(255,255,255,0.95)',
          color: '#8C2F5D',
        }}
      >
        <PlayArrowRounded sx={{ fontSize: 38 }} />
      </Box>
      <Typography sx={{ fontWeight: 700, px: 2, textAlign: 'center' }}>{title}</Typography>
    </ButtonBase>
  );
}

function FileVideo({
  src,
  title,
  startAt,
  onPosition,
  sx,
}: {
  src: string;
  title: string;
  startAt: number;
  onPosition?: (seconds: number) => void;
  sx?: SxProps<Theme>;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const report = useRef(onPosition);
  report.current = onPosition;
  const lastSent = useRef(0);
  const resumed = useRef(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const send = () => {
      lastSent.current = Date.now();
      if (Number.isFinite(video.currentTime)) report.current?.(video.currentTime);
    };
    const resume = () => {
      if (resumed.current) return;
      resumed.current = true;
      // Near the end counts as watched: start over.
      if (startAt > 0 && (!Number.isFinite(video.duration) || startAt < video.duration - 1))
        video.currentTime = startAt;
    };
    const tick = () => {
      if (!video.paused && Date.now() - lastSent.current >= VIDEO_POSITION_EVERY_MS) send();
    };
    const away = () => {
      if (!video.paused) send();
    };
    if (video.readyState >= 1) resume();
    video.addEventListener('loadedmetadata', resume);
    video.addEventListener('timeupdate', tick);
    video.addEventListener('pause', send);
    window.addEventListener('pagehide', away);
    return () => {
      video.removeEventListener('loadedmetadata', resume);
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('pause', send);
      window.removeEventListener('pagehide', away);
      away();
    };
  }, [startAt]);

  return (
    <Box sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box
        component="video"
        ref={ref}
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={title}
        title={title}
        data-testid="video-player"
        data-start-at={startAt}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
