/** /api/auth/*: sessions, sign-up, password reset, role switch and sign-in-as. */
import type {
  CurrentUser,
  EnrolmentStart,
  ForcedEnrolmentResponse,
  RecoveryCodesResponse,
  Role,
  SecondFactorStatus,
  SecondStepChallenge,
} from '@rainmakers/contracts';
import { ApiError, api } from './client';
import type { ApiAnswer } from './types';

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

/** What the password step leads to. */
export type SignInOutcome = { currentUser: CurrentUser } | { secondStep: SecondStepChallenge };

/** A reset or invitation link's answer: signed in, or a second step first. */
export interface SetPasswordResponse {
  user: CurrentUser | null;
  secondFactor?: SecondStepChallenge;
}

export const authApi = {
  /** The session check: null when nobody is signed in (a 401 counts as "nobody"). */
  async me(): Promise<CurrentUser | null> {
    try {
      const body = await api<ApiAnswer<'/api/auth/me', 'get'>>('/api/auth/me');
      return body?.currentUser ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  /** The password step: signed in, or a second step to pass first. */
  async signIn(input: SignInInput): Promise<SignInOutcome> {
    const body = await api<ApiAnswer<'/api/auth/signin', 'post'>>('/api/auth/signin', { method: 'POST', body: input });
    if (body?.secondFactor) return { secondStep: body.secondFactor };
    return { currentUser: requireUser(body) };
  },
  /** The second step: a six-digit code or a recovery code. */
  async signInWithCode(token: string, code: string): Promise<CurrentUser> {
    return requireUser(
      await api<ApiAnswer<'/api/auth/signin/code', 'post'>>('/api/auth/signin/code', {
        method: 'POST',
        body: { token, code },
      }),
    );
  },
  /** Forced enrolment (an admin without a second factor): the secret for her app. */
  startForcedEnrolment(token: string): Promise<EnrolmentStart> {
    return api<ApiAnswer<'/api/auth/signin/enrol', 'post'>>('/api/auth/signin/enrol', {
      method: 'POST',
      body: { token },
    });
  },
  confirmForcedEnrolment(token: string, code: string): Promise<ForcedEnrolmentResponse> {
    return api<ApiAnswer<'/api/auth/signin/enrol/confirm', 'post'>>('/api/auth/signin/enrol/confirm', {
      method: 'POST',
      body: { token, code },
    });
  },
  secondFactorStatus(): Promise<SecondFactorStatus> {
    return api<ApiAnswer<'/api/auth/second-factor', 'get'>>('/api/auth/second-factor');
  },
  startEnrolment(): Promise<EnrolmentStart> {
    return api<ApiAnswer<'/api/auth/second-factor/enrol', 'post'>>('/api/auth/second-factor/enrol', { method: 'POST' });
  },
  confirmEnrolment(code: string): Promise<RecoveryCodesResponse> {
    return api<ApiAnswer<'/api/auth/second-factor/enrol/confirm', 'post'>>('/api/auth/second-factor/enrol/confirm', {
      method: 'POST',
      body: { code },
    });
  },
  regenerateRecoveryCodes(password: string, code: string): Promise<RecoveryCodesResponse> {
    return api<ApiAnswer<'/api/auth/second-factor/recovery-codes', 'post'>>('/api/auth/second-factor/recovery-codes', {
      method: 'POST',
      body: { password, code },
    });
  },
  disableSecondFactor(password: string, code: string): Promise<void> {
    return api<void>('/api/auth/second-factor/disable', { method: 'POST', body: { password, code } });
  },
  async signUp(input: SignUpInput): Promise<CurrentUser> {
    const body = await api<ApiAnswer<'/api/auth/signup', 'post'>>('/api/auth/signup', { method: 'POST', body: input });
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
  /** An invitation link: sets the first password and signs the person in. */
  acceptInvitation(token: string, password: string, confirmPassword: string): Promise<unknown> {
    return api(`/api/auth/invitation/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { password, confirmPassword },
    });
  },
  async switchRole(role: Role): Promise<CurrentUser> {
    return requireUser(
      await api<ApiAnswer<'/api/auth/switch-role', 'post'>>('/api/auth/switch-role', {
        method: 'POST',
        body: { role },
      }),
    );
  },
  async signInAs(email: string): Promise<CurrentUser> {
    return requireUser(
      await api<ApiAnswer<'/api/auth/signinas', 'post'>>('/api/auth/signinas', { method: 'POST', body: { email } }),
    );
  },
  async signInAsBack(): Promise<CurrentUser> {
    return requireUser(
      await api<ApiAnswer<'/api/auth/signinas/back', 'post'>>('/api/auth/signinas/back', { method: 'POST' }),
    );
  },
};

function requireUser(body: CurrentUserBody | undefined): CurrentUser {
  if (!body?.currentUser) throw new ApiError(500, 'The server did not return the signed-in user.');
  return body.currentUser;
}
