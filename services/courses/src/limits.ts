/**
 * The courses service's bounded work (docs/decisions.md "Bounded work"): which requests wait for a slot
 * and how many run at once. Refusals answer 429 TOO_BUSY with Retry-After (kit limits.ts) to that caller only.
 */
import { ConcurrencyLimiter, concurrencyLimit } from '@rainmakers/kit';
import type { Request } from 'express';

/** A page larger than this is a large page (the web asks 3 or 12; the spec's catalogue call asks 1,000). */
export const LARGE_PAGE_ITEMS = 100;

/** The least time between the starts of two large pages in one process. */
export const LARGE_PAGE_INTERVAL_MS = 50;

/** Whether a read-many asks for a large page (itemsPerPage above LARGE_PAGE_ITEMS; an invalid value is left to zod). */
export function asksLargePage(req: Request): boolean {
  const value = Number((req.query as Record<string, unknown>).itemsPerPage);
  return Number.isFinite(value) && value > LARGE_PAGE_ITEMS;
}

/**
 * Large-page read-many calls (catalogue, lessons, modules) running at once: each builds and compresses up to a
 * megabyte of JSON. One runs (so one heavy answer at a time competes with everyone else's course pages; a cached
 * one takes ~10-20 ms), at most one starts every 50 ms (20 a second: a client repeating them back to back kept a
 * core busy, and a member's course pages beside it took 2.8 times as long), 20 wait up to 2 s; more answer 429 at
 * once. The web never asks for them (it pages by 3 and 12); scripts and integrations do.
 */
export const largePages = new ConcurrencyLimiter({
  name: 'courses large pages',
  maxRunning: 1,
  maxQueued: 20,
  maxWaitMs: 2000,
  retryAfterSeconds: 1,
  minIntervalMs: LARGE_PAGE_INTERVAL_MS,
});

/**
 * Large catalogue answers computed at once (a cache miss: five searches over every lesson, up to five pooled
 * connections each). One at a time keeps half the pool (10) for everyone else's course pages; 10 wait up to 2 s.
 */
export const catalogueBuilds = new ConcurrencyLimiter({
  name: 'courses catalogue builds',
  maxRunning: 1,
  maxQueued: 10,
  maxWaitMs: 2000,
  retryAfterSeconds: 1,
});

/** The middleware in front of the read-many routes: only large pages wait for a `largePages` slot. */
export const limitLargePages = concurrencyLimit(largePages, { when: asksLargePage });
