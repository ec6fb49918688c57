import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { FormField, type FormFieldProps } from './FormField';

/**
 * A password input with a reveal toggle. The toggle's name avoids the word "password" so that a label query for
 * the field ("Password") finds exactly one element.
 */
export function PasswordField(props: Omit<FormFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide typed characters' : 'Show typed characters'}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOffRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
