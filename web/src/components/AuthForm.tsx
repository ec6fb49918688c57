import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';

/**
 * A sign-in family form on its AuthLayout: the error banner, the fields, the full-width submit button, then a line
 * with a link to the next screen (`footer`) and anything that goes `after` it.
 */
export function AuthForm({
  title,
  subtitle,
  aside,
  error,
  submitLabel,
  pending,
  onSubmit,
  footer,
  after,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  aside?: ReactNode;
  /** The banner above the fields (nothing when empty). */
  error: string | null | false;
  submitLabel: string;
  pending: boolean;
  /** Called on submit; the browser's own submission is already prevented. */
  onSubmit: () => void;
  footer: { text: string; linkText: string; to: string };
  after?: ReactNode;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <AuthLayout title={title} subtitle={subtitle} aside={aside}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" variant="filled">
              {error}
            </Alert>
          )}
          {children}
          <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
            {submitLabel}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        {footer.text}{' '}
        <Link component={RouterLink} to={footer.to}>
          {footer.linkText}
        </Link>
      </Typography>
      {after}
    </AuthLayout>
  );
}
