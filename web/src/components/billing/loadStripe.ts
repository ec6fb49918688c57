/**
 * Stripe.js, loaded once and only when a card is asked for. The server says which publishable key and which
 * Stripe.js to use: Stripe's own (loadStripe injects it), or another address (the local stand-in in development and
 * tests), loaded here first so that loadStripe resolves with its `window.Stripe`.
 */
import type { Stripe } from '@stripe/stripe-js';
import { billingApi } from '../../api/billing';

let loading: Promise<Stripe | null> | null = null;

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

export function getStripe(): Promise<Stripe | null> {
  loading ??= (async () => {
    const config = await billingApi.stripeConfig();
    const official = /^https:\/\/js\.stripe\.com\//.test(config.jsUrl);
    if (!official && !('Stripe' in window)) await addScript(config.jsUrl);
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    return loadStripe(config.publishableKey);
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
