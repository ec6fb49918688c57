import { describe, expect, it } from '@jest/globals';
import type { DashboardAnswer } from '@rainmakers/contracts';
import { DASHBOARD_PARTIAL_RETRIES, DASHBOARD_PARTIAL_RETRY_MS, dashboardRefetchInterval } from './dashboard';

const answer = (unavailable: DashboardAnswer['unavailable']) => ({ unavailable }) as DashboardAnswer;

describe('dashboardRefetchInterval', () => {
  it('asks again a few times while a card is unavailable, then leaves it', () => {
    expect(dashboardRefetchInterval(answer(['products']), 1)).toBe(DASHBOARD_PARTIAL_RETRY_MS);
    expect(dashboardRefetchInterval(answer(['products']), DASHBOARD_PARTIAL_RETRIES)).toBe(DASHBOARD_PARTIAL_RETRY_MS);
    expect(dashboardRefetchInterval(answer(['products']), DASHBOARD_PARTIAL_RETRIES + 1)).toBe(false);
  });

  it('never asks again a whole answer, or before the first', () => {
    expect(dashboardRefetchInterval(answer([]), 1)).toBe(false);
    expect(dashboardRefetchInterval(undefined, 0)).toBe(false);
  });
});
