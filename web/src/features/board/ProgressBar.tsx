import type { SxProps, Theme } from '@mui/material/styles';
import type { AriaAttributes } from 'react';
import { ProgressLine } from '../../components/ProgressLine';

/**
 * A determinate progress bar whose track is neutral grey: MUI's default track is a tint of the
 * bar's colour, so 0 % looked like a full coloured bar that reads as done.
 */
export function ProgressBar({
  value,
  color,
  sx,
  ...aria
}: { value: number; color?: 'primary' | 'success'; sx?: SxProps<Theme> } & Pick<
  AriaAttributes,
  'aria-label' | 'aria-labelledby'
>) {
  return (
    <ProgressLine
      {...aria}
      value={value}
      color={color}
      data-progress={value}
      roundedBar
      sx={[
        { bgcolor: 'action.selected', boxShadow: (t) => `inset 0 0 0 1px ${t.palette.grey[400]}` },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
