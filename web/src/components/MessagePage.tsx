import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from './BrandLogo';

interface MessageProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Small print under the actions. */
  footer?: ReactNode;
  /** 'accent' tints the icon with the warm accent; 'error' with the error colour. */
  tone?: 'primary' | 'accent' | 'error';
}

/** A centred card with an icon, a heading, a few words and actions: not-found, members-only, blocked, errors. */
export function MessageCard({ icon, title, children, actions, footer, tone = 'primary' }: MessageProps) {
  const color = tone === 'accent' ? 'secondary' : tone === 'error' ? 'error' : 'primary';
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 560, width: '100%', mx: 'auto', px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 }, textAlign: 'center' }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2.5,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: `${color}.main`,
          bgcolor: (theme) => alpha(theme.palette[color].main, 0.12),
          '& svg': { fontSize: 32 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {children && (
        <Typography component="div" color="text.secondary" sx={{ mb: actions ? 3.5 : 0, lineHeight: 1.65 }}>
          {children}
        </Typography>
      )}
      {actions && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {actions}
        </Stack>
      )}
      {footer && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {footer}
        </Typography>
      )}
    </Paper>
  );
}

/** The same card alone on the page, with the brand above it (for screens outside the app layout). */
export function MessagePage(props: MessageProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
        bgcolor: 'background.default',
        backgroundImage:
          'radial-gradient(circle at 15% 10%, rgba(232,132,92,0.10), transparent 40%), radial-gradient(circle at 85% 90%, rgba(140,47,93,0.08), transparent 45%)',
      }}
    >
      <BrandLogo />
      <MessageCard {...props} />
    </Box>
  );
}
