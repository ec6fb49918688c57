import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

/**
 * An honest stand-in for a screen that a later piece of work fills in: the screen's real title and a short note.
 * No sample data, so nobody mistakes it for the finished screen.
 */
export function PlaceholderPage({ title, icon, subtitle }: { title: string; icon?: ReactNode; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 4, sm: 6 },
          textAlign: 'center',
          borderStyle: 'dashed',
          borderWidth: 2,
          bgcolor: (theme) => alpha(theme.palette.background.paper, 0.7),
        }}
      >
        <Box
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: 4,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
            '& svg': { fontSize: 36 },
          }}
        >
          {icon ?? <ConstructionRounded />}
        </Box>
        <Typography variant="h4" component="p" sx={{ mb: 1 }}>
          Coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420, mx: 'auto' }}>
          This part of the product is being built.
        </Typography>
      </Paper>
    </>
  );
}
