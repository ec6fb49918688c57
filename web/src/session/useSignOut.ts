import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../components/toast';
import { useSession } from './context';

export const SIGN_OUT_ERROR = 'Internal server error logging out';

/** Signs out and goes to /signin; a refusal is reported with the spec's toast. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut();
      navigate('/signin', { replace: true });
    } catch {
      toast(SIGN_OUT_ERROR, 'error');
    } finally {
      setPending(false);
    }
  }, [signOut, navigate]);

  return { signOut: run, pending };
}
