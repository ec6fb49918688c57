import { createApp, type Logger, type ReadinessCheck } from '@rainmakers/kit';

/** The billing service answers its health probes; its API arrives with its issue. */
export function buildApp(deps: { logger: Logger; internalTokenSecret: string; readiness: ReadinessCheck[] }) {
  return createApp({ name: 'billing', ...deps }, () => {});
}
