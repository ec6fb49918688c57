import type { CurrentUser, Role } from '@rainmakers/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { authApi, type SignInInput, type SignUpInput } from '../api/auth';
import { configureApiClient, forgetEarlyResponses } from '../api/client';
import { queryKeys } from '../api/keys';
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

type SessionActions = Omit<SessionValue, 'status' | 'currentUser' | 'loadError'>;

/** Session state from `GET /api/auth/me` (react-query) plus the calls that change who is signed in. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.session, queryFn: authApi.me, staleTime: 5 * 60_000 });
  const { refetch } = query;

  // Stable for the life of the provider, so effects may depend on them.
  const actions = useMemo<SessionActions>(() => {
    /** A different person (or role) from now on: nothing cached for the previous one may show. */
    const start = <T extends CurrentUser | null>(user: T): T => {
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
      switchRole: async (role: Role) => start(await authApi.switchRole(role)),
      signInAs: async (email: string) => start(await authApi.signInAs(email)),
      backToMyAccount: async () => start(await authApi.signInAsBack()),
    };
  }, [queryClient, refetch]);

  const currentUser = query.data ?? null;
  const status = query.isPending ? 'loading' : currentUser ? 'signed-in' : 'signed-out';
  const loadError = query.isError ? query.error : null;
  const value = useMemo<SessionValue>(
    () => ({ ...actions, status, currentUser, loadError }),
    [actions, status, currentUser, loadError],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
