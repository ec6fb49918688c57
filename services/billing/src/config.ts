import { ConfigError, defineServiceConfig } from '@rainmakers/kit';
import { z } from 'zod';

const shape = {
  /**
   * Stripe's secret key (sk_test_... for test mode). `npm start` and the tests give the stand-in's key and
   * STRIPE_API_URL; production gives Stripe's.
   */
  STRIPE_SECRET_KEY: z.string().min(1).default('sk_test_stand_in'),
  /** Where the Stripe API is, when not api.stripe.com (the local stand-in: http://127.0.0.1:4191). */
  STRIPE_API_URL: z.string().url().optional(),
  /** The webhook endpoint's signing secret (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default('whsec_development_only'),
  /** Publishable key and Stripe.js address the web loads for the card element. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).default('pk_test_stand_in'),
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3'),
  /** Currency of resource purchases. */
  STRIPE_CURRENCY: z.string().length(3).default('usd'),
};

/** RESOURCES_SERVICE_ADDR (contracts' PEERS): resources is asked for the offer (price, title) of a resource bought. */
export const settings = defineServiceConfig({
  name: 'billing',
  shape,
  derive: (config, env) => {
    if (config.NODE_ENV === 'production') {
      const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'].filter(
        (name) => !env[name],
      );
      if (missing.length > 0) {
        throw new ConfigError(
          missing.map((variable) => ({ variable, value: undefined, allowed: 'required in production' })),
        );
      }
    }
    return {};
  },
});
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;
