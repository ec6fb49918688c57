import SwitchAccountRounded from '@mui/icons-material/SwitchAccountRounded';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { toast } from '../components/toast';
import { useCurrentUser, useSession } from '../session/context';
import { StatusBanner } from './StatusBanner';

/** While an admin is signed in as someone else: a slim bar that says so, with the way back. */
export function ImpersonationBanner() {
  const user = useCurrentUser();
  const { backToMyAccount } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (!user.impersonatedBy) return null;

  const back = async () => {
    setPending(true);
    try {
      await backToMyAccount();
      navigate('/users');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <StatusBanner
      icon={<SwitchAccountRounded fontSize="small" />}
      message={`You are signed in as ${user.fullName}`}
      action="Back to my account"
      onAction={back}
      pending={pending}
      background="secondary.light"
      color="secondary.contrastText"
    />
  );
}
