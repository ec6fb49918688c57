import { createApp, internalTokenKeys } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { internalRoutes } from './routes/internal';
import { secondFactorRoutes } from './routes/second-factor';

/** The auth service: sign-in, sign-up, sessions, password resets, sign-in-as and role switch, the second factor. */
export function buildApp(deps: AppDeps) {
  return createApp(
    {
      name: 'auth',
      logger: deps.logger,
      internalTokenKeys: internalTokenKeys(deps.config),
      readiness: deps.readiness,
      // Every auth body is a few fields; a bigger one is refused (413) before it is parsed.
      bodyLimit: '16kb',
    },
    (app) => {
      app.use('/api/auth', authRoutes(deps));
      app.use('/api/auth', secondFactorRoutes(deps));
      app.use('/api/account', accountRoutes(deps));
      app.use('/internal', internalRoutes(deps));
    },
  );
}
