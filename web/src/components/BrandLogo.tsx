import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The Rainmakers mark: a rain drop on a warm gradient tile, with the word mark beside it. */
export function BrandMark({ size = 36 }: { size?: number }) {
  // Unique per instance: a gradient defined inside a hidden copy of the mark would not paint the visible one.
  const gradient = `rm-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Box component="svg" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" sx={{ flexShrink: 0 }}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#B55A86" />
          <stop offset="1" stopColor="#E8845C" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <path d="M20 8c4.6 6 8 10.4 8 14.6A8 8 0 0 1 12 22.6C12 18.4 15.4 14 20 8z" fill="#FFFFFF" />
      <path d="M16.6 23.2a3.6 3.6 0 0 0 3.4 3.6" stroke="#8C2F5D" strokeWidth="1.8" strokeLinecap="round" fill="none" />
    </Box>
  );
}

export function BrandLogo({ tone = 'dark', size = 36 }: { tone?: 'dark' | 'light'; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size * 0.55,
          letterSpacing: '-0.02em',
          color: tone === 'light' ? '#FFFFFF' : 'text.primary',
        }}
      >
        Rainmakers
      </Typography>
    </Box>
  );
}
