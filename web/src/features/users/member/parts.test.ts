import { describe, expect, it } from '@jest/globals';
import type { MemberOverview } from '../../../api/memberOverview';
import { barShares, formatAmount, partState, paymentLabel } from './parts';

const answer = (over: Partial<MemberOverview>): MemberOverview => ({
  person: { id: 1 } as MemberOverview['person'],
  history: null,
  historyTotal: null,
  purchases: null,
  courses: [],
  certificates: null,
  board: null,
  hidden: [],
  unavailable: [],
  ...over,
});

describe('member page parts', () => {
  it('tells hidden, failed, empty and ready parts apart', () => {
    expect(partState(answer({ hidden: ['purchases'] }), 'purchases', null)).toEqual({ kind: 'hidden' });
    expect(partState(answer({ unavailable: ['certificates'] }), 'certificates', null)).toEqual({
      kind: 'unavailable',
    });
    expect(partState(answer({}), 'courses', [])).toEqual({ kind: 'empty' });
    expect(partState(answer({}), 'courses', [1])).toEqual({ kind: 'ready', value: [1] });
  });

  it('scales board bars to the longest list', () => {
    expect(barShares([0, 2, 4])).toEqual([0, 50, 100]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });

  it('formats amounts and payment states', () => {
    expect(formatAmount(4900, 'usd')).toMatch(/49\.00/);
    expect(formatAmount(100, 'not-a-currency')).toBe('1.00 NOT-A-CURRENCY');
    expect(paymentLabel('past_due', false)).toBe('past due');
    expect(paymentLabel(null, false)).toBe('No subscription');
    expect(paymentLabel('canceled', true)).toBe('Always granted access');
  });
});
