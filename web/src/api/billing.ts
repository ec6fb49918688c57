/** /api/stripe/*: the customer portal that fixes a payment problem. */
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
};

export function useCustomerPortal() {
  return useMutation({ mutationFn: billingApi.customerPortalUrl });
}
