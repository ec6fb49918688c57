import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';

/**
 * A determinate progress bar whose track is neutral grey: MUI's default track is a tint of the
 * bar's colour, so 0 % looked like a full coloured bar that reads as done.
 */
export function ProgressBar({ value, sx, ...props }: Omit<LinearProgressProps, 'variant'> & { value: number }) {
  return (
    <LinearProgress
      {...props}
      variant="determinate"
      value={value}
      data-progress={value}
      sx={[
        {
          bgcolor: 'action.selected',
          boxShadow: (t) => `inset 0 0 0 1px ${t.palette.grey[400]}`,
          '& .MuiLinearProgress-bar': { borderRadius: 'inherit' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
