import Typography from '@mui/material/Typography';
import { signInState } from './signInStatus';

/**
 * A person's sign-in status for staff: "Last sign-in 3 days ago", "Invited Nov 20, 2026" (invited, never
 * signed in) or "Never signed in". The exact time is in the title.
 */
export function SignInStatus(props: { invitedAt?: string | null; lastSignInAt?: string | null }) {
  const state = signInState(props.invitedAt, props.lastSignInAt);
  return (
    <Typography
      component="span"
      variant="body2"
      title={state.title}
      color={state.kind === 'signed-in' ? 'text.primary' : 'text.secondary'}
      data-sign-in-status={state.kind}
    >
      {state.text}
    </Typography>
  );
}
