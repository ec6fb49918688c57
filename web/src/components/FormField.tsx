import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export interface FormFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  name: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Keep the label above the box even while it is empty (date and time inputs draw their own placeholder). */
  shrinkLabel?: boolean;
}

/**
 * A labelled outlined input with helper/error text: what TextField renders, without TextField's select mode, which
 * would pull menus, popovers and modals into every form screen's download.
 */
export function FormField({ label, helperText, error = false, shrinkLabel, id, name, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={inputId} {...(shrinkLabel ? { shrink: true } : {})}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...(shrinkLabel ? { notched: true } : {})}
        id={inputId}
        name={name}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {/* An error is announced when it appears (role=alert) and read with the field (aria-describedby). */}
      {helperText && (
        <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
