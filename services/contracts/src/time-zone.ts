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
