import type { CurrentUser, Role } from '@rainmakers/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { authApi, type SignInInput, type SignUpInput } from '../api/auth';
import { api, configureApiClient, forgetEarlyResponses } from '../api/client';
import { queryKeys } from '../api/keys';
import type { ApiAnswer } from '../api/types';
import { browserTimeZone, setDisplayTimeZone } from '../lib/dates';
import { SessionContext, type SessionValue } from './context';

const isSessionQuery = (key: readonly unknown[]) => key[0] === queryKeys.session[0];

/** Drops every cached answer that belonged to the previous person (everything but the session itself). */
function forgetOtherData(queryClient: QueryClient): void {
  forgetEarlyResponses();
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
}

/**
 * Wires the API client to the session cache: a 401 anywhere means the session is gone; a 402 SUBSCRIPTION_BLOCKED
 * means the payment status changed, so the session is fetched again and the route guard sends the person to /blocked.
 */
export function bindApiToSession(queryClient: QueryClient): void {
  configureApiClient({
    onUnauthorized: () => {
      if (queryClient.getQueryData(queryKeys.session)) {
        forgetOtherData(queryClient);
        queryClient.setQueryData(queryKeys.session, null);
      }
    },
    onSubscriptionBlocked: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

type SessionActions = Omit<SessionValue, 'status' | 'currentUser' | 'loadError' | 'notice'>;

/** Session state from `GET /api/auth/me` (react-query) plus the calls that change who is signed in. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.session, queryFn: authApi.me, staleTime: 5 * 60_000 });
  const { refetch } = query;

  // Stable for the life of the provider, so effects may depend on them.
  const actions = useMemo<SessionActions>(() => {
    /** A different person (or role) from now on: nothing cached for the previous one may show. */
    const start = <T extends CurrentUser | null>(user: T): T => {
      if (user) setNotice(null);
      forgetOtherData(queryClient);
      queryClient.setQueryData(queryKeys.session, user);
      return user;
    };
    return {
      retry: () => void refetch(),
      refresh: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      signIn: async (input: SignInInput) => {
        const outcome = await authApi.signIn(input);
        if ('currentUser' in outcome) start(outcome.currentUser);
        return outcome;
      },
      signInWithCode: async (token: string, code: string) => start(await authApi.signInWithCode(token, code)),
      enter: (user: CurrentUser) => start(user),
      signUp: async (input: SignUpInput) => start(await authApi.signUp(input)),
      // `queryClient.clear()` would detach the mounted session query, so the signed-out state never reached
      // the screen: keep the session query and drop everything else.
      signOut: async () => {
        await authApi.signOut();
        start(null);
      },
      accountClosed: (message: string) => {
        // Kept here, not in the router's state: the guards redirect more than once on the way to /signin.
        setNotice(message);
        start(null);
      },
      switchRole: async (role: Role) => start(await authApi.switchRole(role)),
      signInAs: async (email: string) => start(await authApi.signInAs(email)),
      backToMyAccount: async () => start(await authApi.signInAsBack()),
    };
  }, [queryClient, refetch]);

  const currentUser = query.data ?? null;
  // Set while rendering, so every date of this render is already in her zone (lib/dates).
  setDisplayTimeZone(currentUser?.timeZone);
  useTimeZoneGuess(currentUser, queryClient);
  const status = query.isPending ? 'loading' : currentUser ? 'signed-in' : 'signed-out';
  const loadError = query.isError ? query.error : null;
  const value = useMemo<SessionValue>(
    () => ({ ...actions, status, currentUser, loadError, notice }),
    [actions, status, currentUser, loadError, notice],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A person without a time zone gets the browser's, sent once per page load and quietly (no toast; a refusal
 * leaves it unset and the dates in the browser's zone). Never during a sign-in-as: the admin's browser is not
 * the member's (docs/decisions.md, "Each person's time zone").
 */
function useTimeZoneGuess(user: CurrentUser | null, queryClient: QueryClient): void {
  const sent = useRef(new Set<number>());
  useEffect(() => {
    if (!user || user.timeZone !== null || user.impersonatedBy || sent.current.has(user.id)) return;
    sent.current.add(user.id);
    api<ApiAnswer<'/api/user/upsert', 'post'>>('/api/user/upsert', {
      method: 'POST',
      create: true,
      body: { id: user.id, timeZone: browserTimeZone() },
    })
      .then(({ user: saved }) =>
        queryClient.setQueryData<CurrentUser | null>(queryKeys.session, (current) =>
          current && current.id === saved.id ? { ...current, timeZone: saved.timeZone ?? null } : current,
        ),
      )
      .catch(() => undefined);
  }, [user, queryClient]);
}
