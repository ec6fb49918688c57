/**
 * Every service folder has the same shape, and its README says what it publishes and consumes as the code does:
 * the README's `## Events` section has a `Publishes:` paragraph and a `Consumes:` paragraph naming event types in backticks
 * (or "nothing"); the code's are the event types passed to `publish(...)` in src/ and the handler keys of its
 * consumers (`'type': async`). A new event, or a README left behind, fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { eventSchemas, SERVICES } from '@rainmakers/contracts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EVENT_TYPES = Object.keys(eventSchemas);
const services = [...SERVICES];

/** Top-level files and folders every service has (the image is services/Dockerfile, shared, with SERVICE=<name>). */
const SERVICE_ENTRIES = ['README.md', 'migrations', 'package.json', 'src', 'test'];
/** Files every service's src/ has: entry points, wiring, rules in their rooms. */
const SRC_ENTRIES = [
  'app.ts',
  'config.ts',
  'deps.ts',
  'events.ts',
  'main.ts',
  'migrate.ts',
  'policies.ts',
  'service.ts',
  'testing.ts',
  'commands',
  'routes',
  'store',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function fromCode(service: string): { publishes: string[]; consumes: string[] } {
  const publishes = new Set<string>();
  const consumes = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, 'services', service, 'src'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      for (const type of EVENT_TYPES) {
        if (!line.includes(`'${type}'`)) continue;
        if (/\bpublish(Event)?\(/.test(line)) publishes.add(type);
        if (new RegExp(`^\\s*'${type.replace('.', '\\.')}': async`).test(line)) consumes.add(type);
      }
    }
  }
  return { publishes: [...publishes].sort(), consumes: [...consumes].sort() };
}

function fromReadme(service: string): { publishes: string[]; consumes: string[] } {
  const text = readFileSync(path.join(ROOT, 'services', service, 'README.md'), 'utf8');
  const section = text.split(/^## Events\s*$/m)[1]?.split(/^## /m)[0];
  if (section === undefined) throw new Error(`services/${service}/README.md has no "## Events" section`);
  const listed = (label: string) => {
    // The paragraph that starts with the label (it may wrap over several lines).
    const line = section.split(/\n\s*\n/).find((p) => p.trimStart().startsWith(`${label}:`));
    if (line === undefined) throw new Error(`services/${service}/README.md: no "${label}:" paragraph under ## Events`);
    const types = [...line.matchAll(/`([a-z]+\.[a-z-]+)`/g)].map((m) => m[1] as string);
    return [...new Set(types)].sort();
  };
  return { publishes: listed('Publishes'), consumes: listed('Consumes') };
}

describe('service folders', () => {
  it.each(services)('%s has the same top-level files and src/ layout as every service', (service) => {
    const dir = path.join(ROOT, 'services', service);
    expect(SERVICE_ENTRIES.filter((entry) => !existsSync(path.join(dir, entry)))).toEqual([]);
    expect(SRC_ENTRIES.filter((entry) => !existsSync(path.join(dir, 'src', entry)))).toEqual([]);
  });

  it.each(services)('%s README lists the events its code publishes and consumes', (service) => {
    const readme = fromReadme(service);
    const code = fromCode(service);
    for (const type of [...readme.publishes, ...readme.consumes]) expect(EVENT_TYPES).toContain(type);
    expect({ service, ...readme }).toEqual({ service, ...code });
  });
});
