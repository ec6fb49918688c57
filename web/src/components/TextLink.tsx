/**
 * An in-app text link drawn as MUI's Link draws it (primary colour, underlined in a lighter tint that darkens on
 * hover), on Typography and the router's link alone: MUI's Link is 1.4 KB gzipped of a course page's first load
 * (docs/decisions.md, "Web first loads: lighter parts of our own").
 */
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export function TextLink({ to, children, sx }: { to: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      variant="inherit"
      color="primary"
      sx={[
        (theme) => ({
          textDecoration: 'underline',
          textDecorationColor: alpha(theme.palette.primary.main, 0.4),
          '&:hover': { textDecorationColor: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Typography>
  );
}
