/**
 * The Audit log and Jobs tabs' state as it lives in the address:
 * `?tab=audit&person=12&auditActor=3&auditAction=course.update&auditKind=course&auditFrom=2026-01-01&auditTo=2026-01-31&auditPage=2`,
 * `?tab=jobs&jobsPage=2`. Pure functions, unit-tested in auditState.test.ts.
 */
import type { AuditFilters } from '../../api/jobs-audit';

export type UsersTab = 'users' | 'audit' | 'jobs';

export interface AuditState extends AuditFilters {
  page: number;
}

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);
const word = (value: string | null) => (value && /^[a-z][a-z.-]{0,59}$/.test(value) ? value : null);

export function readTab(params: URLSearchParams): UsersTab {
  const tab = params.get('tab');
  return tab === 'audit' || tab === 'jobs' ? tab : 'users';
}

export function writeTab(current: URLSearchParams, tab: UsersTab): URLSearchParams {
  const next = new URLSearchParams(current);
  if (tab === 'users') next.delete('tab');
  else next.set('tab', tab);
  return next;
}

export function readAuditState(params: URLSearchParams): AuditState {
  return {
    userId: positive(params.get('person')),
    actorId: positive(params.get('auditActor')),
    action: word(params.get('auditAction')),
    subjectType: word(params.get('auditKind')),
    from: day(params.get('auditFrom')),
    to: day(params.get('auditTo')),
    page: positive(params.get('auditPage')) ?? 1,
  };
}

const KEYS: Record<keyof AuditState, string> = {
  userId: 'person',
  actorId: 'auditActor',
  action: 'auditAction',
  subjectType: 'auditKind',
  from: 'auditFrom',
  to: 'auditTo',
  page: 'auditPage',
};

/** A changed filter starts again at page 1; empty values and page 1 are left out of the address. */
export function writeAuditState(current: URLSearchParams, change: Partial<AuditState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const filterChanged = Object.keys(change).some((key) => key !== 'page');
  const merged = { ...readAuditState(current), ...change, ...(filterChanged ? { page: 1 } : {}) };
  for (const [key, param] of Object.entries(KEYS) as [keyof AuditState, string][]) {
    const value = merged[key];
    if (value === null || value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(param);
    else next.set(param, String(value));
  }
  return next;
}

export function readJobsPage(params: URLSearchParams): number {
  return positive(params.get('jobsPage')) ?? 1;
}
