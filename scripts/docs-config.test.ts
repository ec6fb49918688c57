/**
 * docs/configuration.md and the topology tables stay true to the code, so the next drift fails CI:
 *  - every variable of every zod config schema (kit's base, the gateway's, each service's `configShape`) is
 *    documented, in its component's section or under "Every service", and every documented variable exists;
 *  - every default the docs state as a number, a boolean or a `literal` is the schema's default;
 *  - docs/deploy.md's service table has topology.ts's services and ports, and the docs name topology.ts's PEERS.
 *
 * The format read (new rows in it are picked up without touching this test):
 *  - a section is a `## <Component>` heading: "Every service", "Gateway", or a service's name ("Auth", "Users", ...);
 *  - its table's header starts `| variable | default | meaning |`;
 *  - the variable cell holds backticked names separated by commas; `_SUFFIX` after a full name is short for a
 *    name sharing the full name's beginning (`CSP_EXTRA_SCRIPT_SRC`, `_IMG_SRC`);
 *  - the default cell holds the defaults in the same order, separated by commas; of each, the first word is compared
 *    when it is a number (optionally followed by KB/MB/GB), `true`/`false`, or a backticked literal; any other
 *    words ("dev value", "as courses", "per service", "none", "empty") are left unchecked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PORTS, PEERS, SERVICES, serviceAddrVar } from '@rainmakers/contracts';
import { baseConfigShape } from '@rainmakers/kit';
import type { z } from 'zod';
import { configShape as gatewayShape } from '../gateway/src/config';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Shape = Record<string, z.ZodType>;
type Component = 'base' | 'gateway' | (typeof SERVICES)[number];

async function schemas(): Promise<Record<Component, Shape>> {
  const shapes = {
    base: baseConfigShape as Shape,
    gateway: gatewayShape as Shape,
  } as Record<Component, Shape>;
  for (const service of SERVICES) {
    const module = (await import(`../services/${service}/src/config.ts`)) as { configShape: Shape };
    shapes[service] = module.configShape;
  }
  return shapes;
}

/** Set by the code, never by an operator: not documented. */
const NOT_SETTINGS = new Set(['SERVICE_NAME']);

/** The schema's default: what it parses `undefined` to (undefined: no default). */
function defaultOf(schema: z.ZodType): unknown {
  const parsed = schema.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

interface Row {
  section: string;
  names: string[];
  defaults: string[];
  line: number;
}

const SECTION_COMPONENT: Record<string, Component> = {
  'every service': 'base',
  gateway: 'gateway',
  ...Object.fromEntries(SERVICES.map((service) => [service, service])),
};

/** Splits on commas that are outside backticks and parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '`') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === ',' && !quoted && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Table rows of docs/configuration.md, by section. `known` resolves `_SUFFIX` shorthands. */
function configurationRows(markdown: string, known: Set<string>): Row[] {
  const rows: Row[] = [];
  let section = '';
  let inTable = false;
  markdown.split('\n').forEach((text, index) => {
    const heading = /^##\s+(.+)$/.exec(text);
    if (heading) {
      section = (heading[1] as string).trim().toLowerCase();
      inTable = false;
      return;
    }
    if (/^\|\s*variable\s*\|\s*default\s*\|/.test(text)) {
      inTable = true;
      return;
    }
    if (!text.startsWith('|')) {
      inTable = false;
      return;
    }
    if (!inTable || /^\|\s*-/.test(text)) return;
    const cells = text.split(/(?<!\\)\|/).slice(1, -1);
    const nameCell = cells[0] ?? '';
    const full: string[] = [];
    for (const token of [...nameCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string)) {
      if (!token.startsWith('_') || full.length === 0) {
        full.push(token);
        continue;
      }
      const parts = (full[0] as string).split('_');
      const candidates = parts.map((_, i) => `${parts.slice(0, i).join('_')}${token}`);
      full.push(candidates.find((candidate) => known.has(candidate)) ?? `${parts[0]}${token}`);
    }
    rows.push({ section, names: full, defaults: splitTop(cells[1] ?? ''), line: index + 1 });
  });
  return rows;
}

const UNITS: Record<string, number> = { KB: 1024, KIB: 1024, MB: 1024 ** 2, MIB: 1024 ** 2, GB: 1024 ** 3 };

/** The documented default in comparable form, or undefined when the docs say it in words. */
function documentedValue(text: string): string | number | boolean | undefined {
  const literal = /^`([^`]*)`/.exec(text);
  if (literal) {
    const value = literal[1] as string;
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    return value;
  }
  const number = /^(-?\d+(?:\.\d+)?)(?:\s+(KB|KiB|MB|MiB|GB)\b)?/i.exec(text);
  if (number) return Number(number[1]) * (number[2] ? (UNITS[number[2].toUpperCase()] ?? 1) : 1);
  if (/^(true|false)\b/.test(text)) return text.startsWith('true');
  return undefined;
}

function sameDefault(documented: string | number | boolean, actual: unknown): boolean {
  if (typeof documented === 'number') return Number(actual) === documented;
  if (typeof documented === 'boolean') return actual === documented || String(actual) === String(documented);
  if (typeof actual !== 'string') return false;
  // A path default is written relative to the repository (`web/dist`).
  return path.isAbsolute(actual) ? actual.endsWith(`/${documented}`) : actual === documented;
}

describe('docs/configuration.md', () => {
  it('documents every variable of every config schema, and only those, with their defaults', async () => {
    const shapes = await schemas();
    const addrVars = new Set(SERVICES.map(serviceAddrVar));
    const known = new Set([...Object.values(shapes).flatMap((shape) => Object.keys(shape)), ...addrVars]);
    const rows = configurationRows(read('docs/configuration.md'), known);
    expect(rows.length).toBeGreaterThan(40);

    const documented = new Map<Component, Set<string>>();
    const unknown: string[] = [];
    const wrongDefaults: string[] = [];
    for (const row of rows) {
      const component = SECTION_COMPONENT[row.section];
      if (!component) continue;
      const names = row.names.flatMap((name) => (name === '<NAME>_SERVICE_ADDR' ? [...addrVars] : [name]));
      for (const name of names) {
        const set = documented.get(component) ?? new Set<string>();
        set.add(name);
        documented.set(component, set);
      }
      row.names.forEach((name, i) => {
        if (name === '<NAME>_SERVICE_ADDR') return;
        // Where the variable lives: the section's schema, else the base; "Every service": the base or any service.
        const owners = (
          component === 'base'
            ? (Object.keys(shapes) as Component[]).filter((c) => c !== 'gateway' || !(name in baseConfigShape))
            : [component, 'base' as const]
        ).filter((owner) => name in shapes[owner]);
        const inCode = owners.length > 0 || (addrVars.has(name as never) && component !== 'gateway');
        if (!inCode && !(component === 'gateway' && addrVars.has(name as never))) {
          unknown.push(`${row.section}: ${name} (line ${row.line})`);
          return;
        }
        if (row.names.length !== row.defaults.length) return;
        const value = documentedValue(row.defaults[i] as string);
        if (value === undefined) return;
        for (const owner of owners) {
          const actual = defaultOf(shapes[owner][name] as z.ZodType);
          if (actual === undefined || typeof actual === 'object') continue;
          if (!sameDefault(value, actual)) {
            wrongDefaults.push(
              `${row.section}: ${name} is ${JSON.stringify(actual)} in ${owner}, docs say ${row.defaults[i]}`,
            );
          }
        }
      });
    }

    const everyService = documented.get('base') ?? new Set();
    const undocumented: string[] = [];
    for (const [component, shape] of Object.entries(shapes) as Array<[Component, Shape]>) {
      for (const name of Object.keys(shape)) {
        if (NOT_SETTINGS.has(name)) continue;
        if (component === 'gateway' && addrVars.has(name as never)) {
          if (!everyService.has(name)) undocumented.push(`${component}: ${name}`);
          continue;
        }
        if (!documented.get(component)?.has(name) && !everyService.has(name)) {
          undocumented.push(`${component}: ${name}`);
        }
      }
    }
    expect({ undocumented, unknown, wrongDefaults }).toEqual({ undocumented: [], unknown: [], wrongDefaults: [] });
  });

  it("names topology.ts's peers for <NAME>_SERVICE_ADDR", () => {
    const row = read('docs/configuration.md')
      .split('\n')
      .find((line) => line.startsWith('| `<NAME>_SERVICE_ADDR`'));
    expect(row).toBeDefined();
    for (const [service, peers] of Object.entries(PEERS)) {
      if (peers.length === 0) continue;
      expect({ service, says: row?.includes(`${service}: ${peers.join(', ')}`) }).toEqual({ service, says: true });
    }
  });
});

describe('topology in the docs', () => {
  it("docs/deploy.md's service table has every service and its port", () => {
    const table = new Map<string, number>();
    for (const line of read('docs/deploy.md').split('\n')) {
      const match = /^\|\s*([a-z]+)\s*\|\s*`[^`]*Dockerfile`[^|]*\|\s*(\d+)\s*\|/.exec(line);
      if (match) table.set(match[1] as string, Number(match[2]));
    }
    expect(Object.fromEntries(table)).toEqual(DEFAULT_PORTS);
  });

  it('docs/deploy.md names every service-to-service HTTP call of PEERS, and no other', () => {
    const deploy = read('docs/deploy.md');
    const sentence = /the only service-to-service HTTP calls are ([^(]+)\(/.exec(deploy.replace(/\s+/g, ' '));
    expect(sentence).not.toBeNull();
    const calls = [...(sentence?.[1] ?? '').matchAll(/([a-z]+) -> ([a-z]+)/g)].map((m) => `${m[1]} -> ${m[2]}`);
    const expected = Object.entries(PEERS).flatMap(([caller, peers]) => peers.map((peer) => `${caller} -> ${peer}`));
    expect(calls.sort()).toEqual(expected.sort());
  });
});

describe('events in docs/architecture.md', () => {
  /** Which component handles which event type: the `'<type>': async` handlers in its non-test sources. */
  function consumersInCode(): Map<string, Set<string>> {
    const byType = new Map<string, Set<string>>();
    const components = [['gateway', 'gateway/src'], ...SERVICES.map((s) => [s, `services/${s}/src`])];
    for (const [component, dir] of components as Array<[string, string]>) {
      const files = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      for (const file of files) {
        const source = read(path.join(dir, file));
        for (const match of source.matchAll(
          /['"]((?:users|courses|billing|board)\.[a-z-]+)['"]\s*:\s*(?:async\b|\()/g,
        )) {
          const set = byType.get(match[1] as string) ?? new Set<string>();
          set.add(component);
          byType.set(match[1] as string, set);
        }
      }
    }
    return byType;
  }

  it("lists every consumer of every event the code handles, and none it doesn't", () => {
    const rows: Array<{ types: string[]; consumers: string[] }> = [];
    for (const line of read('docs/architecture.md').split('\n')) {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1);
      const first = cells[0] ?? '';
      const names = [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      if (cells.length !== 3 || !/^(users|courses|billing|board)\./.test(names[0] ?? '')) continue;
      const base = names[0] as string;
      const types = names.map((name) => (name.startsWith('-') ? base.replace(/-[a-z]+$/, name) : name));
      const consumers = splitTop(cells[2] ?? '').map((part) => part.split(/[\s(]/)[0] as string);
      rows.push({ types, consumers });
    }
    expect(rows.length).toBeGreaterThan(5);
    const code = consumersInCode();
    const missing: string[] = [];
    for (const [type, components] of code) {
      const row = rows.find((r) => r.types.includes(type));
      for (const component of components) {
        if (!row?.consumers.includes(component)) missing.push(`${type}: ${component}`);
      }
    }
    const extra = rows.flatMap((row) =>
      row.consumers
        .filter((consumer) => !row.types.some((type) => code.get(type)?.has(consumer)))
        .map((consumer) => `${row.types.join(' / ')}: ${consumer}`),
    );
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });
});
