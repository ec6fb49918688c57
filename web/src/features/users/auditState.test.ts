import { describe, expect, it } from '@jest/globals';
import { readAuditState, readJobsPage, readTab, writeAuditState, writeTab } from './auditState';

const params = (query: string) => new URLSearchParams(query);

describe('audit log and jobs address state', () => {
  it('reads the tab, the filters and the pages, ignoring what is not allowed', () => {
    expect(readTab(params('tab=jobs'))).toBe('jobs');
    expect(readTab(params('tab=audit'))).toBe('audit');
    expect(readTab(params('tab=other'))).toBe('users');
    expect(readAuditState(params(''))).toEqual({
      userId: null,
      actorId: null,
      action: null,
      subjectType: null,
      from: null,
      to: null,
      page: 1,
    });
    expect(
      readAuditState(
        params(
          'person=12&auditActor=3&auditAction=course.update&auditKind=course&auditFrom=2026-01-01&auditTo=2026-01-31&auditPage=2',
        ),
      ),
    ).toEqual({
      userId: 12,
      actorId: 3,
      action: 'course.update',
      subjectType: 'course',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 2,
    });
    expect(
      readAuditState(
        params('person=-1&auditActor=x&auditAction=DROP%20TABLE&auditFrom=yesterday&auditTo=2026-13-45&auditPage=0'),
      ),
    ).toEqual({
      userId: null,
      actorId: null,
      action: null,
      subjectType: null,
      from: null,
      to: null,
      page: 1,
    });
    expect(readJobsPage(params('jobsPage=3'))).toBe(3);
    expect(readJobsPage(params('jobsPage=abc'))).toBe(1);
  });

  it('writes a filter, restarts at page 1, leaves defaults out and keeps other parameters', () => {
    const next = writeAuditState(params('tab=audit&auditPage=4&search=ann'), { action: 'banner.update' });
    expect(next.toString()).toBe('tab=audit&search=ann&auditAction=banner.update');
    expect(writeAuditState(next, { page: 2 }).get('auditPage')).toBe('2');
    expect(writeAuditState(params('auditAction=x&auditKind=card'), { action: null }).toString()).toBe('auditKind=card');
    expect(writeTab(params('tab=audit&page=2'), 'users').toString()).toBe('page=2');
    expect(writeTab(params(''), 'jobs').toString()).toBe('tab=jobs');
  });
});
