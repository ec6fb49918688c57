import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A slim bar above every screen that says what state the session is in and offers the one way out of it (the
 * sign-in-as bar, the withheld staff role). Its colours are a palette's main or light shade with that palette's
 * contrast text: 4.5:1 either way (docs/decisions.md, "Dark mode and small items").
 */
export function StatusBanner(props: {
  icon: ReactNode;
  message: ReactNode;
  action: string;
  onAction: () => void;
  pending: boolean;
  background: 'secondary.light' | 'warning.main';
  color: 'secondary.contrastText' | 'warning.contrastText';
}) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2,
        py: 0.75,
        bgcolor: props.background,
        color: props.color,
      }}
    >
      {props.icon}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {props.message}
      </Typography>
      <Button size="small" variant="contained" color="primary" onClick={props.onAction} loading={props.pending}>
        {props.action}
      </Button>
    </Box>
  );
}
