import { describe, expect, it } from '@jest/globals';
import { importOutcome, jobCountsText, jobStateLabel } from './jobText';

describe('what a job says', () => {
  it('an import with failed rows is never a plain success', () => {
    expect(importOutcome({ total: 53, created: 40, updated: 8, skipped: 1, failed: 4, errorCount: 5 })).toEqual({
      message: '48 of 53 imported, 5 need attention',
      severity: 'warning',
      details: '40 created, 8 updated, 0 unchanged',
    });
    expect(importOutcome({ total: 3, created: 2, updated: 0, skipped: 1, failed: 0, errorCount: 0 })).toEqual({
      message: '3 of 3 imported',
      severity: 'success',
      details: '2 created, 0 updated, 1 unchanged',
    });
    expect(importOutcome({ total: 4, created: 3, updated: 0, skipped: 0, failed: 1, errorCount: 1 }).message).toBe(
      '3 of 4 imported, 1 needs attention',
    );
    expect(importOutcome({ total: 2, created: 0, updated: 0, skipped: 0, failed: 2, errorCount: 2 })).toMatchObject({
      severity: 'error',
      message: 'None of the 2 rows could be imported: 2 need attention',
    });
  });

  it('each kind of job in one line, and its state', () => {
    const counts = { total: 53, done: 53, created: 40, updated: 8, skipped: 1, failed: 4, errorCount: 5 };
    expect(jobCountsText({ kind: 'import', state: 'completed', counts })).toBe(
      '48 of 53 imported, 5 need attention (40 created, 8 updated, 0 unchanged)',
    );
    expect(jobCountsText({ kind: 'import', state: 'running', counts: { ...counts, done: 20 } })).toBe(
      '20 of 53 rows read',
    );
    expect(
      jobCountsText({
        kind: 'bulk-update',
        state: 'completed',
        counts: { total: 3, done: 3, updated: 2, unchanged: 1 },
      }),
    ).toBe('2 of 3 people changed, 1 unchanged');
    expect(
      jobCountsText({
        kind: 'stripe-sync',
        state: 'completed',
        counts: { pages: 2, subscriptions: 150, customers: 120, changed: 4 },
      }),
    ).toBe('120 customers checked, 4 changed (150 subscriptions)');
    expect(jobStateLabel({ kind: 'import', state: 'completed', counts })).toBe('Done, with errors');
    expect(jobStateLabel({ kind: 'stripe-sync', state: 'failed', counts: {} })).toBe('Failed');
  });
});
