/**
 * Each person's time zone (docs/decisions.md, "Each person's time zone"). Zod-free, so the web's zone picker and
 * date module use the same rules as the users service and the mails.
 */

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list, e.g. America/New_York';

/** The zone of a person who has none yet, and of the dates that must read the same everywhere. */
export const FALLBACK_TIME_ZONE = 'UTC';

let known: Set<string> | null = null;

/** The IANA zones this runtime knows, plus UTC (which `Intl.supportedValuesOf` leaves out). Sorted. */
export function timeZoneNames(): string[] {
  return [...knownZones()].sort();
}

function knownZones(): Set<string> {
  if (!known) known = new Set([...Intl.supportedValuesOf('timeZone'), FALLBACK_TIME_ZONE]);
  return known;
}

/**
 * The zone as it is stored: a listed name as given; an alias the runtime resolves to a listed name (Asia/Kolkata,
 * utc) as that name, so one zone is never stored under two spellings. null: not a zone we accept (offsets such as
 * "+05:00", unknown or overlong names).
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  const zones = knownZones();
  if (zones.has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return zones.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export const isTimeZone = (name: string) => canonicalTimeZone(name) !== null;

const formatters = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * A date as an e-mail shows it to its recipient, in her zone (UTC while she has none or it is not one we know):
 * "May 3, 2026, 5:00 PM EDT" — the zone is named, because a mailed time is read far from where it was written.
 * `day` drops the time ("May 3, 2026"), for dates whose time does not matter. An invalid date gives ''.
 */
export function formatDateInZone(
  date: Date | string,
  timeZone: string | null | undefined,
  options: { day?: boolean } = {},
): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(at.getTime())) return '';
  const zone = (timeZone && canonicalTimeZone(timeZone)) || FALLBACK_TIME_ZONE;
  const { day, time } = formattersFor(zone);
  const text = options.day ? day.format(at) : `${day.format(at)}, ${time.format(at)}`;
  // Some ICU versions put a narrow no-break space before AM/PM: plain text mails get a plain space.
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(zone: string): Intl.DateTimeFormat {
  let found = clockFormatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormatters.set(zone, found);
  }
  return found;
}

/** The wall clock in `zone` at the instant `ms`, as the UTC instant with the same digits (whole seconds). */
function wallClockAsUtc(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of clockFormatter(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (east positive). */
export function zoneOffsetMs(ms: number, zone: string): number {
  return wallClockAsUtc(ms, zone) - (ms - (((ms % 1000) + 1000) % 1000));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The instant `ms` as a wall clock in `zone`, to the minute: `YYYY-MM-DDTHH:MM` (a date-time box's value). */
export function wallClockOf(ms: number, zone: string): string {
  return new Date(wallClockAsUtc(ms, zone)).toISOString().slice(0, 16);
}

/** `+HH:MM` / `-HH:MM` for an offset in milliseconds. */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs >= 0 ? '+' : '-'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/**
 * The instant a wall clock `YYYY-MM-DDTHH:MM` names in `zone`, as ISO 8601 with the zone's offset then; null when
 * it is not a date (2026-02-31) or not in that shape. A time the clocks skip (02:30 when they jump from 02:00 to
 * 03:00) is read as the browsers read it: moved forward by the jump (03:30). A time that happens twice (the hour
 * when the clocks go back) is the first of the two.
 */
export function instantOfWallClock(value: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const before = zoneOffsetMs(wall, zone);
  let at = wall - before;
  const offsetThen = zoneOffsetMs(at, zone);
  if (offsetThen !== before) {
    const other = wall - offsetThen;
    // The other offset names the wall clock exactly: it was the zone's offset then. Neither does: a skipped time.
    at = zoneOffsetMs(other, zone) === offsetThen ? other : Math.max(at, other);
  }
  return `${wallClockOf(at, zone)}:00${offsetText(zoneOffsetMs(at, zone))}`;
}
