/** /api/stripe/*: the customer portal that fixes a payment problem, purchases, the sync with Stripe. */
import type { PaymentIntentAnswer, StripeConfig, StripeSyncAnswer } from '@rainmakers/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

export const billingApi = {
  async customerPortalUrl(customerId: string): Promise<string> {
    const body = await api<{ url?: string }>(`/api/stripe/create-customer-portal/${encodeURIComponent(customerId)}`, {
      method: 'POST',
    });
    if (!body?.url) throw new Error('The billing portal did not return an address.');
    return body.url;
  },
  /** The publishable key and where Stripe.js (or its local stand-in) is loaded from. */
  stripeConfig: () => api<StripeConfig>('/api/stripe/config'),
  createPaymentIntent: (input: { userId: number; resourceId: number; paymentMethodId: string }) =>
    api<PaymentIntentAnswer>('/api/stripe/create-payment-intent', { method: 'POST', body: input }),
  paymentIntent: (id: string) => api<PaymentIntentAnswer>(`/api/stripe/payment-intent/${encodeURIComponent(id)}`),
  startSync: () => api<StripeSyncAnswer>('/api/stripe/sync', { method: 'POST' }),
};

export function useCustomerPortal() {
  return useMutation({ mutationFn: billingApi.customerPortalUrl });
}

/** Starts a sync with Stripe; its answer's `statusUrl` is followed with useJobProgress. */
export function useStartStripeSync() {
  return useMutation({ mutationFn: billingApi.startSync });
}
