import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import { useState } from 'react';

const FALLBACKS = [
  'linear-gradient(135deg, #8C2F5D 0%, #E8845C 100%)',
  'linear-gradient(135deg, #2B1B2E 0%, #8C2F5D 100%)',
  'linear-gradient(135deg, #B55A86 0%, #F3AE8F 100%)',
  'linear-gradient(135deg, #6B1F46 0%, #C8643E 100%)',
];

/**
 * A course cover at 16:9, at most a third of the screen's height on phones; without a photo (or when it fails to
 * load) a warm gradient with the course's initials, or the bare gradient when something else is shown on top.
 */
export function CoverImage({
  url,
  title,
  seed,
  rounded = false,
  compact = false,
  plain = false,
}: {
  url: string | null;
  title: string;
  seed: number;
  rounded?: boolean;
  /** Thumbnails: the initials only, smaller. */
  compact?: boolean;
  /** The gradient only, without the initials: another state (the 'Completed' overlay) is shown on it. */
  plain?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const showPhoto = Boolean(url) && !failed;
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        width: '100%',
        maxHeight: { xs: '33dvh', md: 'none' },
        overflow: 'hidden',
        borderRadius: rounded ? 2 : 0,
        background: FALLBACKS[Math.abs(seed) % FALLBACKS.length],
      }}
    >
      {showPhoto ? (
        <Box
          component="img"
          src={url ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : plain ? null : (
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: 'rgba(255,255,255,0.92)',
            backgroundImage:
              'radial-gradient(circle at 85% 15%, rgba(255,255,255,0.22), transparent 45%), radial-gradient(circle at 10% 110%, rgba(0,0,0,0.18), transparent 50%)',
          }}
        >
          {compact ? (
            <Box component="span" sx={{ fontWeight: 800, fontSize: 16, letterSpacing: '0.04em' }}>
              {initials(title)}
            </Box>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
              <SchoolRounded sx={{ fontSize: 40, opacity: 0.9 }} />
              <Box component="span" sx={{ fontWeight: 800, fontSize: 22, letterSpacing: '0.04em' }}>
                {initials(title)}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function initials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
