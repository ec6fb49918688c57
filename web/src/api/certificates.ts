/**
 * GET /api/certificates/{id}: a certificate by id, for the certificate pages (open: the verification page works
 * signed out). The catalogue's lookup of the member's own certificates is features/courses/useMyCertificate.ts.
 * Only types come from @rainmakers/contracts.
 */
import type { PublicCertificate } from '@rainmakers/contracts';
import { useQuery } from '@tanstack/react-query';
import { certificateApiPath } from '../lib/certificatePaths';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { PublicCertificate };

/** A certificate by id: anyone's, signed in or not. A 404 is an answer (no such certificate), not retried. */
export function useCertificate(id: string) {
  return useQuery({
    queryKey: ['certificate', id],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/certificates/{id}', 'get'>>(certificateApiPath(id), { signal }).then((r) => r.certificate),
  });
}
