/**
 * /api/certificates/*: a certificate by id (open: the verification page works signed out), the signed-in member's
 * own certificates, and the PDF's address. Only types come from @rainmakers/contracts.
 */
import type {
  CertificateResponse,
  MyCertificatesResponse,
  OwnCertificate,
  PublicCertificate,
} from '@rainmakers/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';

export type { OwnCertificate, PublicCertificate };

/** How often a completed course's card asks again while its certificate is being issued, and how many times. */
const ISSUE_POLL_MS = 1_500;
const ISSUE_POLL_TIMES = 8;

const encodedId = (id: string) => encodeURIComponent(id);

export const certificatePdfUrl = (id: string) => `/api/certificates/${encodedId(id)}/pdf`;
/** The printable page of a member's certificate. */
export const certificatePagePath = (id: string) => `/certificates/${encodedId(id)}/print`;
/** The public verification page (no sign-in). */
export const certificateVerifyPath = (id: string) => `/certificates/${encodedId(id)}`;

export const certificatesApi = {
  one: (id: string, signal?: AbortSignal) =>
    api<CertificateResponse>(`/api/certificates/${encodedId(id)}`, { signal }).then((r) => r.certificate),
  mine: (signal?: AbortSignal) =>
    api<MyCertificatesResponse>('/api/certificates/mine', { signal }).then((r) => r.certificates),
};

/** A certificate by id: anyone's, signed in or not. A 404 is an answer (no such certificate), not retried. */
export function useCertificate(id: string) {
  return useQuery({
    queryKey: ['certificate', id],
    queryFn: ({ signal }) => certificatesApi.one(id, signal),
  });
}

/**
 * The member's certificate for a course, from one shared list of their certificates (one request for the whole
 * catalogue, made only when a completed course's card asks). Certificates are issued from the completion events a
 * moment after the last lesson: while a completed course has none yet, the list is asked again a few times.
 */
export function useMyCertificate(courseId: number, enabled: boolean): OwnCertificate | undefined {
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: ['certificates', 'mine', user.id],
    queryFn: ({ signal }) => certificatesApi.mine(signal),
    enabled,
    refetchInterval: (q) => {
      const list = q.state.data;
      if (!list || list.some((c) => c.courseId === courseId)) return false;
      return q.state.dataUpdateCount < ISSUE_POLL_TIMES ? ISSUE_POLL_MS : false;
    },
  });
  return query.data?.find((c) => c.courseId === courseId);
}
