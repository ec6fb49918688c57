/**
 * The Stripe client: the official SDK, pointed at api.stripe.com, or at STRIPE_API_URL when given (the local
 * stand-in in development and tests). Nothing else in billing knows which one it talks to.
 */
import Stripe from 'stripe';

export type { Stripe };

export function createStripe(config: { STRIPE_SECRET_KEY: string; STRIPE_API_URL?: string | undefined }): Stripe {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'rainmakers-billing' },
  };
  if (config.STRIPE_API_URL) {
    const url = new URL(config.STRIPE_API_URL);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}
