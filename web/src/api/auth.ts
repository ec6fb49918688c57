/** /api/auth/*: sessions, sign-up, password reset, role switch and sign-in-as. */
import type { CurrentUser, Role } from '@rainmakers/contracts';
import { ApiError, api } from './client';

export interface CurrentUserBody {
  currentUser: CurrentUser | null;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  /** Comma-separated tag ids from the sign-up link. */
  signuptags?: string;
}

export const authApi = {
  /** The session check: null when nobody is signed in (a 401 counts as "nobody"). */
  async me(): Promise<CurrentUser | null> {
    try {
      const body = await api<CurrentUserBody | undefined>('/api/auth/me');
      return body?.currentUser ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  async signIn(input: SignInInput): Promise<CurrentUser> {
    const body = await api<CurrentUserBody>('/api/auth/signin', { method: 'POST', body: input });
    return requireUser(body);
  },
  async signUp(input: SignUpInput): Promise<CurrentUser> {
    const body = await api<CurrentUserBody>('/api/auth/signup', { method: 'POST', body: input });
    return requireUser(body);
  },
  signOut(): Promise<void> {
    return api<void>('/api/auth/signout', { method: 'POST' });
  },
  forgotPassword(email: string): Promise<unknown> {
    return api('/api/auth/forgot-password', { method: 'POST', body: { email } });
  },
  resetPassword(token: string, password: string, confirmPassword: string): Promise<unknown> {
    return api(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { password, confirmPassword },
    });
  },
  /** An invitation link (issue 20): sets the first password and signs the person in. */
  acceptInvitation(token: string, password: string, confirmPassword: string): Promise<unknown> {
    return api(`/api/auth/invitation/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { password, confirmPassword },
    });
  },
  async switchRole(role: Role): Promise<CurrentUser> {
    return requireUser(await api<CurrentUserBody>('/api/auth/switch-role', { method: 'POST', body: { role } }));
  },
  async signInAs(email: string): Promise<CurrentUser> {
    return requireUser(await api<CurrentUserBody>('/api/auth/signinas', { method: 'POST', body: { email } }));
  },
  async signInAsBack(): Promise<CurrentUser> {
    return requireUser(await api<CurrentUserBody>('/api/auth/signinas/back', { method: 'POST' }));
  },
};

function requireUser(body: CurrentUserBody | undefined): CurrentUser {
  if (!body?.currentUser) throw new ApiError(500, 'The server did not return the signed-in user.');
  return body.currentUser;
}
