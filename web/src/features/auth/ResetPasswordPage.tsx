import { authApi } from '../../api/auth';
import { SetPasswordPage } from './SetPasswordPage';

export { PASSWORDS_DO_NOT_MATCH } from './SetPasswordPage';

/** /reset-password/{token}: choose a new password; the server signs the person in, then home. */
export default function ResetPasswordPage() {
  return (
    <SetPasswordPage
      send={authApi.resetPassword}
      successToast="Password reset successfully"
      title="Choose a new password"
      subtitle="Pick something you haven't used here before."
      submitLabel="Reset password"
      passwordLabel="New password"
      footer={{ text: 'Link expired?', linkText: 'Request a new one', to: '/forgot-password' }}
    />
  );
}
