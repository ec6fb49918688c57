/**
 * GET /api/purchases (the signed-in member's paid purchases, My Purchases) and GET /api/purchases/{id}/receipt (the
 * receipt page). Amounts are in cents. Only types come from @rainmakers/contracts.
 */

import type { Purchase, Receipt } from '@rainmakers/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../lib/dates';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { Purchase, Receipt };

export function usePurchases(enabled: boolean) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['purchases', user.id],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/purchases', 'get'>>('/api/purchases', { signal }).then((r) => r.purchases),
    enabled,
  });
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: ['receipt', id],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/purchases/{id}/receipt', 'get'>>(`/api/purchases/${encodeURIComponent(id)}/receipt`, {
        signal,
      }).then((r) => r.receipt),
  });
}

/** "$49.00": an amount in cents in its currency. */
export const formatCents = (amountCents: number, currency: string): string => formatMoney(amountCents / 100, currency);

export const paidDay = (iso: string) => formatDate(iso);
