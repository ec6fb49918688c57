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
  it('join the gateway, the courses service and the consumer of courses.lesson-completed in one trace', async () => {
    // Not completed first, so the completion changes something and publishes its event.
    expect((await member.request('PUT', '/api/lesson/mark-as-uncompleted', { lessonId })).status).toBe(200);
    const completed = await member.request('PUT', '/api/lesson/mark-as-completed', { lessonId });
    expect(completed.status).toBe(200);
    const requestId = completed.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    // The gateway's server span carries the request id; its trace id names the trace.
    const gatewaySpan = await waitFor(
      async () =>
        (await spans()).find((span) => span.service === 'gateway' && span.attributes['request.id'] === requestId),
      { intervalMs: 250, what: "the gateway's span of the completion" },
    );
    const trace = await waitFor(
      async () => {
        const found = await spans(gatewaySpan.traceId);
        const consumed = found.some(
          (span) =>
            span.kind === CONSUMER && span.attributes['messaging.destination.name'] === 'courses.lesson-completed',
        );
        return consumed ? found : undefined;
      },
      { intervalMs: 250, what: 'the consumer span in the same trace' },
    );

    expect(gatewaySpan.kind).toBe(SERVER);
    expect(gatewaySpan.parentSpanId).toBe('');
    const coursesServer = trace.find((span) => span.service === 'courses' && span.kind === SERVER);
    expect(coursesServer?.name).toBe('PUT /api/lesson/mark-as-completed');
    expect(coursesServer?.parentSpanId).toBe(gatewaySpan.spanId);
    const consumer = trace.find(
      (span) => span.kind === CONSUMER && span.attributes['messaging.destination.name'] === 'courses.lesson-completed',
    );
    // courses' own consumer group handles the event; its span is a child of the request that published it.
    expect(consumer?.service).toBe('courses');
    expect(consumer?.name).toBe('courses.lesson-completed process');
    expect(consumer?.parentSpanId).toBe(coursesServer?.spanId);
    expect(trace.map((span) => span.service)).toEqual(expect.arrayContaining(['gateway', 'courses']));
  });
});
