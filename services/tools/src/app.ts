import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { aiRoutes } from './routes/ai';
import { internalRoutes } from './routes/internal';
import { productRoutes } from './routes/products';
import { qualifierRoutes } from './routes/qualifier';

/** The tools service's HTTP API: the Power Profit Tool, the Product Qualifier and the AI Toolkit. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenKeys, readiness } = deps;
  return createApp({ name: 'tools', logger, internalTokenKeys, readiness }, (app) => {
    app.use('/api/product-qualifier', qualifierRoutes(deps));
    app.use('/api/product', productRoutes(deps));
    app.use('/api/ai', aiRoutes(deps));
    app.use('/internal', internalRoutes(deps));
  });
}
