import CalculateRounded from '@mui/icons-material/CalculateRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { sidebarColors } from '../theme';
import { BrandLogo } from './BrandLogo';
import { usePageTitle } from './usePageTitle';

const promises = [
  { icon: <SchoolRounded />, text: 'Step-by-step courses from people who have done it' },
  { icon: <CalculateRounded />, text: 'Tools that check your numbers before you buy stock' },
  { icon: <GroupsRounded />, text: 'Coaches and members cheering you on' },
];

/** The frame of the sign-in family of screens: a warm brand panel on wide screens, the form on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
  aside,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Extra content under the brand panel's promises (sign-up shows its welcome video there). */
  aside?: ReactNode;
  wide?: boolean;
}) {
  usePageTitle(title);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          width: { md: '44%', lg: '42%' },
          maxWidth: 640,
          px: { md: 6, lg: 8 },
          py: 6,
          color: '#FFFFFF',
          background: `radial-gradient(circle at 85% 8%, rgba(232,132,92,0.45), transparent 42%), linear-gradient(160deg, #7A2852 0%, ${sidebarColors.background} 70%)`,
        }}
      >
        <BrandLogo tone="light" />
        <Box sx={{ my: 'auto', py: 6 }}>
          <Typography
            variant="h2"
            component="p"
            sx={{ color: '#FFFFFF', fontSize: { md: '2rem', lg: '2.375rem' }, mb: 2, maxWidth: 460 }}
          >
            Build the business you want, with a community behind you.
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.75)', mb: 4, maxWidth: 440, fontSize: '1.05rem' }}>
            Courses, business tools and coaching for online sellers — all in one place.
          </Typography>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {promises.map((item) => (
              <Stack component="li" key={item.text} direction="row" spacing={1.75} sx={{ alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 38,
                    height: 38,
                    borderRadius: 2.5,
                    display: 'grid',
                    placeItems: 'center',
                    flexShrink: 0,
                    bgcolor: 'rgba(255,255,255,0.12)',
                    color: sidebarColors.accent,
                  }}
                >
                  {item.icon}
                </Box>
                <Typography sx={{ color: 'rgba(255,255,255,0.9)' }}>{item.text}</Typography>
              </Stack>
            ))}
          </Stack>
          {aside && <Box sx={{ mt: 5 }}>{aside}</Box>}
        </Box>
        <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.5)' }}>
          © {new Date().getFullYear()} Rainmakers
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', md: 'center' },
          px: { xs: 2.5, sm: 4 },
          py: { xs: 4, sm: 6 },
          backgroundImage: {
            xs: 'radial-gradient(circle at 50% -20%, rgba(232,132,92,0.16), transparent 55%)',
            md: 'none',
          },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: wide ? 520 : 440 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 4 }}>
            <BrandLogo />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" color="text.secondary" sx={{ mb: 3.5 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Box>
      </Box>
    </Box>
  );
}
