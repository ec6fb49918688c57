/** Formatting of the stack's child output: one prefix per service, pino JSON lines made readable. */

const COLOURS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'name', 'service', 'v']);

export function colourFor(index: number): number {
  return COLOURS[index % COLOURS.length] ?? 36;
}

export function prefixLine(name: string, width: number, line: string, colour: number | null): string {
  const label = name.padEnd(width);
  return colour === null ? `${label} | ${line}` : `\u001b[${colour}m${label} |\u001b[0m ${line}`;
}

/**
 * A pino JSON line becomes `LEVEL message {other fields}` (an error's stack on the following lines);
 * anything else is returned as it is.
 */
export function formatLogLine(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return line;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(trimmed) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof record.level !== 'number' && typeof record.level !== 'string') return line;
  const level =
    typeof record.level === 'number' ? (LEVELS[record.level] ?? String(record.level)) : record.level.toUpperCase();
  const message = typeof record.msg === 'string' ? record.msg : '';
  let stack = '';
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (OMIT.has(key)) continue;
    if ((key === 'err' || key === 'error') && value && typeof value === 'object' && 'stack' in value) {
      stack = String((value as { stack: unknown }).stack);
      continue;
    }
    rest[key] = value;
  }
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  // The time of day (UTC) first: what happened when, across the services of one log, is most of a diagnosis.
  const time = typeof record.time === 'number' ? `${new Date(record.time).toISOString().slice(11, 23)} ` : '';
  return `${time}${level} ${message}${extra}${stack ? `\n${stack}` : ''}`;
}

/** Keeps the last `size` lines a child printed, to explain why it died. */
export class Tail {
  private readonly lines: string[] = [];
  constructor(private readonly size = 60) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.shift();
  }
  toString(): string {
    return this.lines.join('\n');
  }
}
