import Box from '@mui/material/Box';
import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * A checkbox that shows a click at once (its own state), then follows the saved value whenever that changes: the
 * cache update and the server answer arrive a moment later.
 */
export function InstantCheckbox({ checked, ...props }: CheckboxProps & { checked: boolean }) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <Checkbox
      {...props}
      checked={shown}
      onChange={(event, value) => {
        setShown(value);
        props.onChange?.(event, value);
      }}
    />
  );
}

export function Section({
  title,
  icon,
  actions,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ mt: 2.5 }} aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        {icon}
        <Typography component="h3" sx={{ fontWeight: 800, flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
