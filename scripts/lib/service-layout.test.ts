/**
 * Every service folder has the same shape and declares itself once, through the kit's defineService in
 * src/service.ts: main.ts, worker.ts (only where the definition declares workers) and testing.ts are made from that
 * declaration, settings come from the kit's defineServiceConfig, consumers live in events.ts, the app is built in
 * app.ts alone with /internal mounted at `/internal`. And its README says what it publishes and consumes as the code does:
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
        if (/\b(publish(Event)?|outboxRow)\(/.test(line)) publishes.add(type);
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

/** The whole of every service's src/main.ts: the definition runs the HTTP process. */
const MAIN = "import { service } from './service';\n\nawait service.run();\n";

/** What a service's source may not do itself, because the kit's definition does it once for all. */
const DONE_BY_THE_KIT: Array<[RegExp, string]> = [
  [/\bloadConfig\(|\bpeerAddresses\(/, 'settings parsed outside defineServiceConfig'],
  [
    /\b(RUN_WORKERS_IN_PROCESS|SMTP_URL|MAIL_FROM|HEALTH_PORT|EVENT_RECLAIM_IDLE_MS|OUTBOX_POLL_MS): z\./,
    'a shared setting declared again',
  ],
  [/new OutboxRelay\(/, 'an outbox relay built outside the definition'],
  [/(?<!\.)\b(runService|runWorker|startServiceForTest)\(/, 'a process booted outside the definition'],
  [/\bserviceMail\(|\bcreateMailWorkerTask\(/, 'a send-mail worker outside the definition'],
];

function read(service: string, file: string): string {
  return readFileSync(path.join(ROOT, 'services', service, 'src', file), 'utf8');
}

describe('service folders', () => {
  it.each(services)('%s has the same top-level files and src/ layout as every service', (service) => {
    const dir = path.join(ROOT, 'services', service);
    expect(SERVICE_ENTRIES.filter((entry) => !existsSync(path.join(dir, entry)))).toEqual([]);
    expect(SRC_ENTRIES.filter((entry) => !existsSync(path.join(dir, 'src', entry)))).toEqual([]);
  });

  it.each(services)('%s declares itself once through the kit defineService', async (service) => {
    const { service: definition } = await import(path.join(ROOT, 'services', service, 'src', 'service.ts'));
    expect(definition.name).toBe(service);
    expect(typeof definition.build).toBe('function');
    expect(read(service, 'service.ts')).toMatch(/export const service = defineService<\w+>\(\)\(\{/);
    expect(read(service, 'config.ts')).toMatch(new RegExp(`defineServiceConfig\\(\\{\\s*name: '${service}'`));
    expect(read(service, 'main.ts')).toBe(MAIN);
    expect(read(service, 'testing.ts')).toContain('startDefinedServiceForTest(');
    // A worker process exactly where the definition declares job workers, and it only runs them.
    const hasWorker = existsSync(path.join(ROOT, 'services', service, 'src', 'worker.ts'));
    expect({ service, hasWorker }).toEqual({ service, hasWorker: definition.workers !== undefined });
    if (hasWorker) expect(read(service, 'worker.ts')).toMatch(/\nawait service\.runWorker\(\);\n$/);
  });

  it.each(services)('%s leaves booting, shared settings, relays and mail to the kit', (service) => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, 'services', service, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const name = path.relative(path.join(ROOT, 'services', service, 'src'), file);
      for (const [pattern, what] of DONE_BY_THE_KIT) if (pattern.test(text)) found.push(`${name}: ${what}`);
      if (/\bcreateConsumer\(/.test(text) && name !== 'events.ts') found.push(`${name}: a consumer outside events.ts`);
      if (/\bcreateApp\(/.test(text) && name !== 'app.ts') found.push(`${name}: an app built outside app.ts`);
      // Mail is sent from one place: auth's send-mail worker (docs/decisions.md "One service definition").
      if (/\bmailWorkerFor\(/.test(text) && service !== 'auth') found.push(`${name}: mail sent outside auth`);
    }
    expect(found).toEqual([]);
  });

  it.each(services)('%s mounts its internal routes at /internal', (service) => {
    if (!existsSync(path.join(ROOT, 'services', service, 'src', 'routes', 'internal.ts'))) return;
    expect(read(service, 'app.ts')).toMatch(/app\.use\('\/internal', internalRoutes\(/);
    expect(read(service, 'routes/internal.ts')).not.toMatch(/'\/internal\//);
  });

  it.each(services)('%s README lists the events its code publishes and consumes', (service) => {
    const readme = fromReadme(service);
    const code = fromCode(service);
    for (const type of [...readme.publishes, ...readme.consumes]) expect(EVENT_TYPES).toContain(type);
    expect({ service, ...readme }).toEqual({ service, ...code });
  });
});
