import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { authRoutes } from './routes/auth';
import { internalRoutes } from './routes/internal';
import { secondFactorRoutes } from './routes/second-factor';

/** The auth service: sign-in, sign-up, sessions, password resets, sign-in-as and role switch, the second factor. */
export function buildApp(deps: AppDeps) {
  return createApp(
    {
      name: 'auth',
      logger: deps.logger,
      internalTokenSecret: deps.config.INTERNAL_TOKEN_SECRET,
      readiness: deps.readiness,
      // Every auth body is a few fields; a bigger one is refused (413) before it is parsed.
      bodyLimit: '16kb',
    },
    (app) => {
      app.use('/api/auth', authRoutes(deps));
      app.use('/api/auth', secondFactorRoutes(deps));
      app.use('/internal', internalRoutes(deps));
    },
  );
}
