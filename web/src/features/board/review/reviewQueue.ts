/** Screen rules of the review queue, pure (unit-tested in reviewQueue.test.ts). */

export { excerpt } from '../../../components/excerpt';

/** How many pages `total` items make (at least one). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

const UNITS: [string, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "Waiting 3 days": how long a card has been in FOR REVIEW, in the largest unit that fits. */
export function waitingFor(enteredAt: string, now: number = Date.now()): string {
  const then = Date.parse(enteredAt);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `Waiting ${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return 'Waiting less than a minute';
}
