import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { aiRoutes } from './routes/ai';
import { productRoutes } from './routes/products';
import { qualifierRoutes } from './routes/qualifier';

/** The tools service's HTTP API: the Power Profit Tool, the Product Qualifier and the AI Toolkit. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'tools', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/api/product-qualifier', qualifierRoutes(deps));
    app.use('/api/product', productRoutes(deps));
    app.use('/api/ai', aiRoutes(deps));
  });
}
