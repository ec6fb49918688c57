import { describe, expect, it } from '@jest/globals';
import {
  CREATE_ATTEMPTS,
  createRetryDelay,
  isBusy,
  MAX_RETRY_DELAY_MS,
  newIdempotencyKey,
  READ_BUSY_RETRIES,
  READ_FAILURE_RETRIES,
  readRetryDelay,
  retryAfterMs,
} from './retry';

const half = () => 0.5;

describe('createRetryDelay', () => {
  it('retries a 503 and a network failure with growing backoff, then gives up', () => {
    expect(createRetryDelay({ status: 503 }, 1, half)).toBe(400);
    expect(createRetryDelay({ status: 0 }, 2, half)).toBe(800);
    expect(createRetryDelay({ status: 503 }, CREATE_ATTEMPTS, half)).toBeNull();
  });

  it('honours Retry-After, capped', () => {
    expect(createRetryDelay({ status: 503, retryAfter: '2' }, 1)).toBe(2000);
    expect(createRetryDelay({ status: 503, retryAfter: '120' }, 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(createRetryDelay({ status: 429, retryAfter: '1' }, 1)).toBe(1000);
    expect(createRetryDelay({ status: 409, code: 'IDEMPOTENCY_KEY_IN_PROGRESS', retryAfter: '1' }, 1)).toBe(1000);
  });

  it('never retries answers that are final', () => {
    for (const status of [200, 201, 400, 401, 402, 403, 404, 422, 500]) {
      expect(createRetryDelay({ status }, 1)).toBeNull();
    }
    expect(createRetryDelay({ status: 409, retryAfter: '1' }, 1)).toBeNull();
    expect(createRetryDelay({ status: 409, code: 'IDEMPOTENCY_KEY_APPLIED' }, 1)).toBeNull();
    // A limit that asks for longer than a person would wait, or says nothing of when: not retried.
    expect(createRetryDelay({ status: 429, retryAfter: '3600' }, 1)).toBeNull();
    expect(createRetryDelay({ status: 429 }, 1)).toBeNull();
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh key the services accept', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('readRetryDelay', () => {
  it('retries a busy answer (503/429 with Retry-After) after the advised delay plus jitter, a bounded number of times', () => {
    expect(readRetryDelay({ status: 503, retryAfter: '1' }, 0, () => 0)).toBe(1000);
    expect(readRetryDelay({ status: 429, retryAfter: '2' }, 1, () => 1)).toBe(2500);
    expect(readRetryDelay({ status: 503, retryAfter: '3600' }, 0, () => 0)).toBe(MAX_RETRY_DELAY_MS);
    expect(readRetryDelay({ status: 503, retryAfter: '1' }, READ_BUSY_RETRIES - 1)).not.toBeNull();
    expect(readRetryDelay({ status: 503, retryAfter: '1' }, READ_BUSY_RETRIES)).toBeNull();
  });

  it('retries network failures and other 5xx twice, never a 4xx', () => {
    expect(readRetryDelay({ status: 0 }, 0)).toBe(1000);
    expect(readRetryDelay({ status: 502 }, 1)).toBe(2000);
    expect(readRetryDelay({ status: 503 }, READ_FAILURE_RETRIES)).toBeNull();
    for (const status of [400, 401, 402, 403, 404, 409, 422, 429]) expect(readRetryDelay({ status }, 0)).toBeNull();
  });

  it('calls busy only a 503 or 429 that says when to come back', () => {
    expect(isBusy({ status: 503, retryAfter: '1' })).toBe(true);
    expect(isBusy({ status: 429, retryAfter: '1' })).toBe(true);
    expect(isBusy({ status: 503 })).toBe(false);
    expect(isBusy({ status: 500, retryAfter: '1' })).toBe(false);
  });
});
