import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The error fallback of a dashboard card (spec part 2 'Dashboard'). */
export const OOPS = 'Oops! Something went wrong.';

/**
 * One dashboard card: a titled panel, whose title links where the spec says (Course Progress to /courses, Total
 * Products to /profit-calculator) or out of the app.
 */
export function DashboardCard({
  title,
  titleId,
  to,
  href,
  children,
  testId,
}: {
  title: string;
  titleId?: string;
  /** An address in the app. */
  to?: string;
  /** An address outside the app (opens in a new tab). */
  href?: string;
  children: ReactNode;
  testId?: string;
}) {
  const heading = (
    <Typography id={titleId} component="h2" sx={{ fontWeight: 800, fontSize: '1rem' }}>
      {title}
    </Typography>
  );
  const linkSx = {
    color: 'inherit',
    textDecoration: 'none',
    '&:hover h2, &:focus-visible h2': { color: 'primary.main' },
  };
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}
    >
      <Box sx={{ mb: 1.5 }}>
        {to ? (
          <Box component={RouterLink} to={to} sx={linkSx}>
            {heading}
          </Box>
        ) : href ? (
          <Box component="a" href={href} target="_blank" rel="noopener noreferrer" sx={linkSx}>
            {heading}
          </Box>
        ) : (
          heading
        )}
      </Box>
      {children}
    </Paper>
  );
}
