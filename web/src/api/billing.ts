import { useMutation } from '@tanstack/react-query';
import { api } from './client';
import type { ApiAnswer } from './types';

export const billingApi = {
  async customerPortalUrl(customerId: string): Promise<string> {
    const body = await api<ApiAnswer<'/api/stripe/create-customer-portal/{customerId}', 'post'>>(
      `/api/stripe/create-customer-portal/${encodeURIComponent(customerId)}`,
      {
        method: 'POST',
      },
    );
    if (!body?.url) throw new Error('The billing portal did not return an address.');
    return body.url;
  },
  /** The publishable key and where Stripe.js (or its local stand-in) is loaded from. */
  stripeConfig: () => api<ApiAnswer<'/api/stripe/config', 'get'>>('/api/stripe/config'),
  createPaymentIntent: (input: { userId: number; resourceId: number; paymentMethodId: string }) =>
    api<ApiAnswer<'/api/stripe/create-payment-intent', 'post'>>('/api/stripe/create-payment-intent', {
      method: 'POST',
      body: input,
    }),
  paymentIntent: (id: string) =>
    api<ApiAnswer<'/api/stripe/payment-intent/{id}', 'get'>>(`/api/stripe/payment-intent/${encodeURIComponent(id)}`),
  startSync: () => api<ApiAnswer<'/api/stripe/sync', 'post'>>('/api/stripe/sync', { method: 'POST' }),
};

export function useCustomerPortal() {
  return useMutation({ mutationFn: billingApi.customerPortalUrl });
}

/** Starts a sync with Stripe; its answer's `statusUrl` is followed with useJobProgress. */
export function useStartStripeSync() {
  return useMutation({ mutationFn: billingApi.startSync });
}
