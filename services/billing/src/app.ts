import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { internalRoutes } from './routes/internal';
import { purchaseRoutes } from './routes/purchases';
import { stripeRoutes } from './routes/stripe';
import { WEBHOOK_PATH, webhookRoutes } from './routes/webhook';

/** The billing service's HTTP API: Stripe webhooks, the customer portal, the sync, purchases. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenKeys, readiness } = deps;
  return createApp({ name: 'billing', logger, internalTokenKeys, readiness, rawBodyPaths: [WEBHOOK_PATH] }, (app) => {
    app.use('/internal', internalRoutes(deps));
    app.use('/api/stripe', webhookRoutes(deps));
    app.use('/api/stripe', stripeRoutes(deps));
    app.use('/api/purchases', purchaseRoutes(deps));
  });
}
