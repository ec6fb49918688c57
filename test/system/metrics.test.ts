/**
 * The gateway, a service and a worker each serve Prometheus metrics on a port the public one never
 * forwards to, and what a member does shows there: the request counter of the route she called, the queue gauges
 * and the event-consumer gauges (lag/pending) of the group that handles `courses.lesson-completed`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, firstLessonId } from '../support/system';

let member: GatewaySession;
let lessonId: number;

beforeAll(async () => {
  member = await signIn('premium');
  lessonId = await firstLessonId();
});

afterAll(async () => {
  await closeSystemResources();
});

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of the first sample of `name` whose labels include every one of `labels` (0 when none). */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const close = line.lastIndexOf('}');
    const body = line.slice(name.length + 1, close);
    if (Object.entries(labels).every(([key, value]) => body.includes(`${key}="${value}"`))) {
      return Number(line.slice(close + 1).trim());
    }
  }
  return null;
}

const completion = { method: 'PUT', route: '/api/lesson/mark-as-completed', status: '200' };
const completionAtGateway = { method: 'PUT', route: '/api/lesson/*', status: '200' };

describe('metrics', () => {
  it('count a member call at the gateway and at the service that answered it, by route template', async () => {
    const { ports } = stackInfo();
    const before = {
      gateway: sample(await scrape(ports.gatewayMetrics), 'http_requests_total', completionAtGateway) ?? 0,
      courses: sample(await scrape(ports.courses), 'http_requests_total', completion) ?? 0,
    };
    for (let i = 0; i < 3; i += 1) {
      expect((await member.request('PUT', '/api/lesson/mark-as-completed', { lessonId })).status).toBe(200);
    }
    const gateway = await scrape(ports.gatewayMetrics);
    const courses = await scrape(ports.courses);
    expect(sample(gateway, 'http_requests_total', completionAtGateway)).toBeGreaterThanOrEqual(before.gateway + 3);
    expect(sample(courses, 'http_requests_total', completion)).toBe(before.courses + 3);
    expect(sample(courses, 'http_request_duration_seconds_count', completion)).toBe(before.courses + 3);
    // Pool, process and breaker metrics are there too.
    expect(sample(courses, 'pg_pool_connections', { state: 'idle' })).not.toBeNull();
    expect(courses).toMatch(/^process_cpu_seconds_total\{service="courses"\}/m);
    expect(sample(gateway, 'gateway_upstream_breaker', { upstream: 'courses', state: 'closed' })).toBe(1);
  });

  it("show the event consumers' standing and the outbox backlog at the service", async () => {
    const { ports } = stackInfo();
    expect((await member.request('PUT', '/api/lesson/mark-as-completed', { lessonId })).status).toBe(200);
    // The completion's event is handled by courses' own consumer group: its pending/lag gauges exist and settle.
    await waitFor(
      async () => {
        const text = await scrape(ports.courses);
        const pending = sample(text, 'event_consumer_entries', {
          topic: 'courses.lesson-completed',
          state: 'pending',
        });
        const lag = sample(text, 'event_consumer_entries', { topic: 'courses.lesson-completed', state: 'lag' });
        return pending === 0 && lag === 0 ? true : null;
      },
      { what: "courses' consumer group to catch up with the completion", timeoutMs: 15_000 },
    );
    const text = await scrape(ports.courses);
    expect(sample(text, 'outbox_backlog', {})).not.toBeNull();
    expect(sample(text, 'event_dead_letters', { topic: 'courses.lesson-completed' })).not.toBeNull();
  });

  it("show a worker's queue gauges", async () => {
    const { ports } = stackInfo();
    const worker = await scrape(ports['users-worker']);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(sample(worker, 'jobs_queue_jobs', { queue: 'user-import', state })).not.toBeNull();
    }
    expect(worker).toMatch(/^process_resident_memory_bytes\{service="users-worker"\}/m);
  });

  it('are not served on the public port', async () => {
    const response = await fetch(`${stackInfo().gatewayUrl}/metrics`);
    expect(await response.text()).not.toContain('http_requests_total');
  });
});
