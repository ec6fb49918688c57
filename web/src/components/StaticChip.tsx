/**
 * A small chip that is only a label (a resource's type, "steepest drop"): drawn as MUI's small Chip draws it, without
 * MUI's Chip (2.6 KB gzipped, with its delete icon, click and focus handling) on screens whose first load it would put
 * over the budget (docs/decisions.md, "Web first loads: lighter parts of our own").
 */
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactElement } from 'react';

type ChipColor = 'default' | 'success' | 'warning' | 'error';

export function StaticChip({
  label,
  color = 'default',
  variant = 'filled',
  icon,
}: {
  label: string;
  color?: ChipColor;
  variant?: 'filled' | 'outlined';
  /** An icon before the label, at the chip's small size. */
  icon?: ReactElement;
}) {
  const outlined = variant === 'outlined';
  return (
    <Box
      component="span"
      sx={(theme) => {
        const main = color === 'default' ? null : theme.palette[color];
        const border = theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700];
        return {
          display: 'inline-flex',
          alignItems: 'center',
          maxWidth: '100%',
          height: 24,
          borderRadius: 12,
          boxSizing: 'border-box',
          verticalAlign: 'middle',
          whiteSpace: 'nowrap',
          fontFamily: theme.typography.fontFamily,
          fontSize: theme.typography.pxToRem(13),
          color: main ? (outlined ? main.main : main.contrastText) : theme.palette.text.primary,
          bgcolor: outlined ? 'transparent' : main ? main.main : theme.palette.action.selected,
          border: outlined ? `1px solid ${main ? alpha(main.main, 0.7) : border}` : 0,
          '& > svg': {
            fontSize: 18,
            ml: outlined ? '2px' : '4px',
            mr: '-4px',
            color: main
              ? 'inherit'
              : theme.palette.mode === 'light'
                ? theme.palette.grey[700]
                : theme.palette.grey[300],
          },
        };
      }}
    >
      {icon}
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', px: outlined ? '7px' : '8px', lineHeight: 1.5 }}
      >
        {label}
      </Box>
    </Box>
  );
}
