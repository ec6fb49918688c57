import LockPersonRounded from '@mui/icons-material/LockPersonRounded';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { toast } from '../components/toast';
import { useCurrentUser, useSession } from '../session/context';
import { StatusBanner } from './StatusBanner';

/**
 * A staff account in a session that has not passed the second factor acts as a basic member everywhere (the server
 * withholds the role: docs/decisions.md, "Staff powers only with a second factor"). Say so, and offer the way back:
 * signing in again asks for the code (or the enrolment) the role needs.
 */
export default function SecondFactorBanner() {
  const user = useCurrentUser();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (!user.withheldRole) return null;

  const signInAgain = async () => {
    setPending(true);
    try {
      await signOut();
      navigate('/signin');
    } catch (error) {
      toast(errorMessage(error), 'error');
      setPending(false);
    }
  };

  return (
    <StatusBanner
      icon={<LockPersonRounded fontSize="small" />}
      message={`Your ${user.withheldRole} tools need two-step verification. Sign in again with your authenticator to use them.`}
      action="Sign in again"
      onAction={signInAgain}
      pending={pending}
      background="warning.main"
      color="warning.contrastText"
    />
  );
}
