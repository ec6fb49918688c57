import { describe, expect, it } from '@jest/globals';
import { currentSubscription, customerIdOf, groupByCustomer } from './subscriptions';

const sub = (id: string, status: string, created: number) => ({ id, status, created, customer: 'cus_1' });

describe('currentSubscription', () => {
  it('is null without subscriptions', () => {
    expect(currentSubscription([])).toBeNull();
  });

  it('prefers a running subscription over a newer ended one', () => {
    expect(currentSubscription([sub('a', 'past_due', 1), sub('b', 'canceled', 5)])?.id).toBe('a');
    expect(currentSubscription([sub('b', 'canceled', 5), sub('a', 'active', 1)])?.id).toBe('a');
  });

  it('takes the newest among running ones, and the newest ended one when none runs', () => {
    expect(currentSubscription([sub('a', 'active', 1), sub('b', 'unpaid', 2)])?.id).toBe('b');
    expect(currentSubscription([sub('a', 'canceled', 3), sub('b', 'incomplete_expired', 2)])?.id).toBe('a');
  });

  it('breaks a tie on creation time by id, whatever the order given', () => {
    const a = sub('sub_a', 'active', 7);
    const b = sub('sub_b', 'past_due', 7);
    expect(currentSubscription([a, b])?.id).toBe('sub_b');
    expect(currentSubscription([b, a])?.id).toBe('sub_b');
  });
});

describe('groupByCustomer and customerIdOf', () => {
  it('groups by customer', () => {
    const groups = groupByCustomer([
      { ...sub('a', 'active', 1), customer: 'cus_1' },
      { ...sub('b', 'active', 1), customer: 'cus_2' },
      { ...sub('c', 'active', 1), customer: 'cus_1' },
    ]);
    expect([...groups.keys()]).toEqual(['cus_1', 'cus_2']);
    expect(groups.get('cus_1')?.map((s) => s.id)).toEqual(['a', 'c']);
  });

  it('reads a customer id as a string or an expanded object', () => {
    expect(customerIdOf({ customer: 'cus_1' })).toBe('cus_1');
    expect(customerIdOf({ customer: { id: 'cus_2' } })).toBe('cus_2');
    expect(customerIdOf({ customer: null })).toBeNull();
    expect(customerIdOf(null)).toBeNull();
  });
});
