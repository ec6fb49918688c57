import Typography from '@mui/material/Typography';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Whether a person has signed in: their last sign-in, an invitation not yet used, or never. */
export function SignInStatus(props: { invitedAt?: string | null; lastSignInAt?: string | null }) {
  const text = props.lastSignInAt
    ? `Last sign-in ${dateFormat.format(new Date(props.lastSignInAt))}`
    : props.invitedAt
      ? 'Invited'
      : 'Never signed in';
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}
