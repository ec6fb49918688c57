/**
 * The job history (GET /api/user/jobs) and the audit log with its filters (GET /api/user/audit-log, its CSV
 * export), for the Jobs and Audit log tabs of /users (admins).
 */
import { isJobFinished, type JobSummary } from '@rainmakers/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { ApiAnswer } from './types';
import type { AuditEntry } from './users';

export type { JobSummary };

export const JOBS_PAGE_SIZE = 20;

/** One page of the job history; asked again every few seconds while a job on it is queued or running. */
export function useJobHistory(page: number) {
  return useQuery({
    queryKey: ['users', 'jobs', page],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/user/jobs', 'get'>>('/api/user/jobs', {
        query: { page, jobsPerPage: JOBS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => !isJobFinished(j.state)) ? 2000 : false),
  });
}

/** An entry as the filtered log answers it: what it is about, and the names captured when it was written. */
export interface AuditLogEntry extends AuditEntry {
  service: string;
  subjectType: string | null;
  subjectId: string | null;
  subjectName: string | null;
}

/** The audit log's filters (the tab keeps them in the address: auditState.ts). */
export interface AuditFilters {
  userId: number | null;
  actorId: number | null;
  action: string | null;
  subjectType: string | null;
  from: string | null;
  to: string | null;
}

export const AUDIT_LOG_PAGE_SIZE = 25;

const queryOf = (filters: AuditFilters) => ({
  userId: filters.userId ?? undefined,
  actorId: filters.actorId ?? undefined,
  action: filters.action ?? undefined,
  subjectType: filters.subjectType ?? undefined,
  from: filters.from ?? undefined,
  to: filters.to ?? undefined,
});

export function useFilteredAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['users', 'audit', 'filtered', filters, page],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/user/audit-log', 'get'>>('/api/user/audit-log', {
        query: { ...queryOf(filters), page, itemsPerPage: AUDIT_LOG_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same selection (a plain link: the browser streams the file to disk). */
export function auditCsvUrl(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(queryOf(filters))) {
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return `/api/user/audit-log.csv${query ? `?${query}` : ''}`;
}
