import {
  type EventData,
  type EventEnvelope,
  type EventType,
  envelopeSchema,
  eventSchemas,
} from '@rainmakers/contracts';
import type { z } from 'zod';

export type TypedEnvelope<T extends EventType> = EventEnvelope<EventData<T>> & { type: T };

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** The data as the contract's schema outputs it; throws when it does not match (a programming error). */
export function checkEventData<T extends EventType>(type: T, data: EventData<T>): EventData<T> {
  if (!isEventType(type)) throw new Error(`Unknown event type ${String(type)}`);
  const result = eventSchemas[type].safeParse(data);
  if (!result.success) throw new Error(`Invalid ${type} event data: ${describeIssues(result.error)}`);
  return result.data as EventData<T>;
}

export type DecodeResult = { ok: true; envelope: TypedEnvelope<EventType> } | { ok: false; reason: string };

/** Decodes and validates an entry read from `topic`; what fails here can never succeed, so it goes to dead letters. */
export function decodeEnvelope(topic: string, payload: string): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: `invalid envelope: ${describeIssues(envelope.error)}` };
  const { id, type, occurredAt, data, traceparent } = envelope.data;
  if (type !== topic) return { ok: false, reason: `event of type ${type} found on topic ${topic}` };
  if (!isEventType(type)) return { ok: false, reason: `unknown event type ${type}` };
  const parsed = eventSchemas[type].safeParse(data);
  if (!parsed.success) return { ok: false, reason: `invalid ${type} data: ${describeIssues(parsed.error)}` };
  return {
    ok: true,
    envelope: { id, type, occurredAt, data: parsed.data, ...(traceparent ? { traceparent } : {}) },
  };
}
