import type { CurrentUser, Role } from '@rainmakers/contracts';
import { createContext, useContext } from 'react';
import type { SignInInput, SignInOutcome, SignUpInput } from '../api/auth';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionValue {
  status: SessionStatus;
  currentUser: CurrentUser | null;
  /** Set when the session check itself failed (server unreachable), as opposed to "nobody signed in". */
  loadError: Error | null;
  retry: () => void;
  /** Asks the server again (after a profile change, a payment fix...). */
  refresh: () => Promise<void>;
  /** The password step: signed in, or a second step to pass first. */
  signIn: (input: SignInInput) => Promise<SignInOutcome>;
  /** The second step with a code or a recovery code. */
  signInWithCode: (token: string, code: string) => Promise<CurrentUser>;
  /** A session the server already opened (a forced enrolment, once its recovery codes are saved). */
  enter: (user: CurrentUser) => void;
  signUp: (input: SignUpInput) => Promise<CurrentUser>;
  /** Throws when the server refuses; the caller shows 'Internal server error logging out'. */
  signOut: () => Promise<void>;
  /**
   * Her account was closed (the server ended every session): signed out here too, nothing of hers kept, and
   * `notice` shown on the sign-in page until someone signs in.
   */
  accountClosed: (notice: string) => void;
  /** What the sign-in page says about how the last session ended (her account closed); null otherwise. */
  notice: string | null;
  /** Admins: show the product as another role (POST /api/auth/switch-role). */
  switchRole: (role: Role) => Promise<CurrentUser>;
  /** Admins: become another member (POST /api/auth/signinas). */
  signInAs: (email: string) => Promise<CurrentUser>;
  /** End a sign-in-as and return to the admin's own account. */
  backToMyAccount: () => Promise<CurrentUser>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in person; only for components rendered behind the route guard. */
export function useCurrentUser(): CurrentUser {
  const { currentUser } = useSession();
  if (!currentUser) throw new Error('useCurrentUser needs a signed-in person');
  return currentUser;
}
