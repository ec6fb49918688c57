import Typography from '@mui/material/Typography';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A person's last sign-in as the table shows it: the date, or "Invited" (an invitation sent, never signed in), or
 * "Never signed in". Minimal version (issue 20, u-table); the invitations work (u-invite) brings the full one.
 */
export function SignInStatus(props: { invitedAt?: string | null; lastSignInAt?: string | null }) {
  if (props.lastSignInAt) {
    return (
      <Typography component="span" variant="body2">
        {dateFormat.format(new Date(props.lastSignInAt))}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {props.invitedAt ? 'Invited' : 'Never signed in'}
    </Typography>
  );
}
