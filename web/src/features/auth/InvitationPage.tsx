import { authApi } from '../../api/auth';
import { SetPasswordPage } from './SetPasswordPage';

export const INVITATION_TITLE = 'Welcome to Rainmakers — set your password';

/**
 * /invitation/{token}: the link of an invitation e-mail. The person chooses their first password (the
 * sign-up rules); the server signs them in and they land on the dashboard. A used or expired link says so.
 */
export default function InvitationPage() {
  return (
    <SetPasswordPage
      send={authApi.acceptInvitation}
      successToast="Password set. Welcome to Rainmakers!"
      title={INVITATION_TITLE}
      subtitle="Choose the password you will sign in with."
      submitLabel="Set password and sign in"
      passwordLabel="Password"
      footer={{ text: 'Already set your password?', linkText: 'Sign in', to: '/signin' }}
    />
  );
}
