/**
 * One trace follows a member's request from the gateway to the service that answers it and on to the
 * consumer of the event it published. The test stack's processes export their spans over OTLP/HTTP to a receiver the
 * tests start themselves (test/support/otlp-receiver.ts, started with the stack in test/setup/stack.ts); here a
 * member completes a lesson and the trace of that request is looked up there by its request id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import type { ReceivedSpan } from '../support/otlp-receiver';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, firstLessonId } from '../support/system';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let member: GatewaySession;
let lessonId: number;

beforeAll(async () => {
  member = await signIn('premium');
  lessonId = await firstLessonId();
});

afterAll(async () => {
  await closeSystemResources();
});

async function spans(traceId?: string): Promise<ReceivedSpan[]> {
  const { otlpUrl } = stackInfo();
  if (!otlpUrl) throw new Error('the test stack runs without its OTLP receiver');
  const response = await fetch(`${otlpUrl}/spans${traceId ? `?traceId=${traceId}` : ''}`);
  return (await response.json()) as ReceivedSpan[];
}

describe('traces', () => {
  it('draw the graph: gateway server -> client -> courses server -> its queries, and the event producer -> consumer', async () => {
    // Not completed first, so the completion changes something and publishes its event.
    expect((await member.request('PUT', '/api/lesson/mark-as-uncompleted', { lessonId })).status).toBe(200);
    const completed = await member.request('PUT', '/api/lesson/mark-as-completed', { lessonId });
    expect(completed.status).toBe(200);
    const requestId = completed.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    // The gateway's server span carries the request id; its trace id names the trace.
    const gatewaySpan = await waitFor(
      async () =>
        (await spans()).find(
          (span) => span.service === 'gateway' && span.attributes['http.request.header.x-request-id'] === requestId,
        ),
      { intervalMs: 250, what: "the gateway's span of the completion" },
    );
    const trace = await waitFor(
      async () => {
        const found = await spans(gatewaySpan.traceId);
        const consumed = found.some(
          (span) =>
            span.kind === CONSUMER &&
            span.service === 'courses' &&
            span.attributes['messaging.destination.name'] === 'courses.lesson-completed',
        );
        return consumed ? found : undefined;
      },
      { intervalMs: 250, what: 'the consumer span in the same trace' },
    );

    expect(gatewaySpan.kind).toBe(SERVER);
    expect(gatewaySpan.parentSpanId).toBe('');
    expect(gatewaySpan.attributes['url.scheme']).toMatch(/^https?$/);
    expect(gatewaySpan.attributes['server.address']).toBeTruthy();
    expect(gatewaySpan.resource['deployment.environment.name']).toBeTruthy();

    // gateway SERVER -> gateway CLIENT (the proxied call) -> courses SERVER: the edge a service graph draws.
    const proxied = trace.find((span) => span.kind === CLIENT && span.parentSpanId === gatewaySpan.spanId);
    expect(proxied?.service).toBe('gateway');
    expect(proxied?.attributes['http.request.method']).toBe('PUT');
    expect(proxied?.attributes['http.response.status_code']).toBe(200);
    expect(proxied?.attributes['server.address']).toBeTruthy();
    const coursesServer = trace.find((span) => span.service === 'courses' && span.kind === SERVER);
    expect(coursesServer?.name).toBe('PUT /api/lesson/mark-as-completed');
    expect(coursesServer?.parentSpanId).toBe(proxied?.spanId);

    // courses SERVER -> its PostgreSQL queries, with the database conventions and no values in the text.
    const queries = trace.filter(
      (span) =>
        span.kind === CLIENT && span.service === 'courses' && span.attributes['db.system.name'] === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const underCourses = (span: ReceivedSpan): boolean => {
      for (let at = byId.get(span.parentSpanId); at; at = byId.get(at.parentSpanId)) {
        if (at.spanId === coursesServer?.spanId) return true;
      }
      return false;
    };
    expect(queries.every(underCourses)).toBe(true);
    const query = queries.find((span) => String(span.attributes['db.query.text']).includes('$1'));
    expect(query?.attributes['db.operation.name']).toBeTruthy();
    expect(query?.name).toBe(query?.attributes['db.query.summary']);
    expect(query?.attributes['db.namespace']).toBeTruthy();
    expect(query?.attributes['server.address']).toBeTruthy();
    // The lesson id is a bind parameter ($1, $2...), never its value.
    expect(String(query?.attributes['db.query.text'])).not.toMatch(new RegExp(`(?<![$\\w])${lessonId}(?!\\w)`));

    // courses SERVER -> PRODUCER (the event written with the change) -> CONSUMER (courses' own consumer group).
    const producer = trace.find(
      (span) => span.kind === PRODUCER && span.attributes['messaging.destination.name'] === 'courses.lesson-completed',
    );
    expect(producer?.service).toBe('courses');
    expect(producer?.name).toBe('courses.lesson-completed publish');
    expect(producer && underCourses(producer)).toBe(true);
    // Other groups consume the event too (users' analytics): courses' own consumer is the one drawn here.
    const consumer = trace.find(
      (span) =>
        span.kind === CONSUMER &&
        span.service === 'courses' &&
        span.attributes['messaging.destination.name'] === 'courses.lesson-completed',
    );
    expect(consumer?.service).toBe('courses');
    expect(consumer?.name).toBe('courses.lesson-completed process');
    expect(consumer?.parentSpanId).toBe(producer?.spanId);
    expect(trace.map((span) => span.service)).toEqual(expect.arrayContaining(['gateway', 'courses']));
    // A generous bound for a loaded CI machine: the spans arrive through the outbox relay and the batch exporters.
  }, 60_000);
});
