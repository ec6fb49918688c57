/**
 * What the Jobs tab and the import dialog say about a job, in words (pure, unit-tested in jobText.test.ts). The
 * import's message tells the truth: "48 of 53 imported, 5 need attention", never a plain success when rows failed.
 */
import type { JobSummary } from '../../api/jobs-audit';

export const JOB_KEPT_DAYS_LABEL = '30 days';

const KIND_LABELS: Record<JobSummary['kind'], string> = {
  import: 'Import',
  'bulk-update': 'Bulk update',
  'bulk-action': 'Bulk action',
  'stripe-sync': 'Stripe sync',
};

export const jobKindLabel = (kind: JobSummary['kind']) => KIND_LABELS[kind] ?? kind;

export function jobStateLabel(job: Pick<JobSummary, 'state' | 'kind' | 'counts'>): string {
  if (job.state === 'queued') return 'Queued';
  if (job.state === 'running') return 'Running';
  if (job.state === 'failed') return 'Failed';
  if (job.kind === 'import' && (job.counts.errorCount ?? 0) > 0) return 'Done, with errors';
  return 'Done';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The outcome of an import from its counts: the sentence, and whether anything needs attention. */
export function importOutcome(counts: {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errorCount: number;
}): { message: string; severity: 'success' | 'warning' | 'error'; details: string } {
  const attention = counts.errorCount;
  const imported = Math.max(0, counts.total - attention);
  const unchanged = Math.max(0, imported - counts.created - counts.updated);
  const details = `${counts.created} created, ${counts.updated} updated, ${unchanged} unchanged`;
  if (counts.total > 0 && imported === 0) {
    return {
      message: `None of the ${plural(counts.total, 'row', 'rows')} could be imported: ${attention} need attention`,
      severity: 'error',
      details,
    };
  }
  if (attention > 0) {
    return {
      message: `${imported} of ${counts.total} imported, ${attention} need${attention === 1 ? 's' : ''} attention`,
      severity: 'warning',
      details,
    };
  }
  return { message: `${imported} of ${counts.total} imported`, severity: 'success', details };
}

/** A job's counts in one line. */
export function jobCountsText(job: Pick<JobSummary, 'kind' | 'state' | 'counts'>): string {
  const c = job.counts;
  const n = (key: string) => Number(c[key] ?? 0);
  if (job.kind === 'import') {
    if (job.state === 'running') return `${n('done')} of ${n('total')} rows read`;
    const outcome = importOutcome({
      total: n('total'),
      created: n('created'),
      updated: n('updated'),
      skipped: n('skipped'),
      failed: n('failed'),
      errorCount: n('errorCount'),
    });
    return `${outcome.message} (${outcome.details})`;
  }
  if (job.kind === 'bulk-update') {
    if (job.state === 'running') return `${n('done')} of ${plural(n('total'), 'person', 'people')} handled`;
    return `${n('updated')} of ${plural(n('total'), 'person', 'people')} changed, ${n('unchanged')} unchanged`;
  }
  return `${plural(n('customers'), 'customer', 'customers')} checked, ${n('changed')} changed (${plural(n('subscriptions'), 'subscription', 'subscriptions')})`;
}
