/**
 * The web's one place that turns dates, times and amounts into text (docs/decisions.md, "Each person's time zone"):
 * every instant is shown in the signed-in person's time zone (her profile's; the browser's while she has none),
 * in US English, the product's language. Calendar days that are not instants (a course's day buckets, the
 * membership cut-off) are shown as the day they name, whatever the zone. lib/dates.test.ts keeps every other
 * file of web/src from formatting dates itself.
 */

const LOCALE = 'en-US';

/** The browser's own zone: the fallback while the person has none, and what the web guesses for her. */
export function browserTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let displayZone: string | null = null;

/** The zone the dates are shown in: the session sets the person's (null: the browser's). */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayZone = timeZone && isUsableZone(timeZone) ? timeZone : null;
}

export const displayTimeZone = (): string => displayZone ?? browserTimeZone();

function isUsableZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone });
    return true;
  } catch {
    return false;
  }
}

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(name: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${name}|${timeZone}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    cache.set(key, found);
  }
  return found;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Some ICU versions put a narrow no-break space before AM/PM; screens and tests read a plain one.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

function format(name: string, options: Intl.DateTimeFormatOptions, value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return plain(formatter(name, options, timeZone ?? displayTimeZone()).format(date));
}

/** "Nov 29, 2026": the day an instant falls on in the person's zone. */
export const formatDate = (value: DateInput, timeZone?: string) =>
  format('date', { year: 'numeric', month: 'short', day: 'numeric' }, value, timeZone);

/** "Nov 29, 2026, 9:24 AM". */
export const formatDateTime = (value: DateInput, timeZone?: string) =>
  format('date-time', { dateStyle: 'medium', timeStyle: 'short' }, value, timeZone);

/** "Nov 29, 2026, 9:24 AM EST": where the zone matters (a title that spells the moment out). */
export const formatDateTimeWithZone = (value: DateInput, timeZone?: string) =>
  format(
    'date-time-zone',
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    value,
    timeZone,
  );

/** "Mon, Dec 1, 5:00 PM" (a due date on the board). */
export const formatWeekdayDateTime = (value: DateInput, timeZone?: string) =>
  format(
    'weekday-date-time',
    { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    value,
    timeZone,
  );

/** "9:24 AM". */
export const formatTime = (value: DateInput, timeZone?: string) =>
  format('time', { hour: 'numeric', minute: '2-digit' }, value, timeZone);

/**
 * A calendar day written `YYYY-MM-DD` (not an instant: the same day in every zone), "Nov 26", or with `long`
 * "February 13, 2026", or with `month` the month it falls in, "Feb 2026".
 */
export function formatCalendarDay(day: string, style: 'short' | 'long' | 'month' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { dateStyle: 'long' }
      : style === 'month'
        ? { month: 'short', year: 'numeric' }
        : { month: 'short', day: 'numeric' };
  return format(`day-${style}`, options, `${day}T00:00:00Z`, 'UTC');
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
let relative: Intl.RelativeTimeFormat | null = null;

/** "3 days ago", "yesterday", "just now": time since an instant, in the largest unit that fits. */
export function formatRelative(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  relative ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

const money = new Map<string, Intl.NumberFormat>();

/** "$49.00"; an unknown currency code as "49.00 XYZ". */
export function formatMoney(amount: number, currency = 'USD'): string {
  const code = currency.toUpperCase();
  try {
    let found = money.get(code);
    if (!found) {
      found = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code });
      money.set(code, found);
    }
    return found.format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

let numbers: Intl.NumberFormat | null = null;

/** "12,345". */
export function formatNumber(value: number): string {
  numbers ??= new Intl.NumberFormat(LOCALE);
  return numbers.format(value);
}
