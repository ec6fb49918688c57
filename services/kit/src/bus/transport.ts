import type { EventEnvelope } from '@rainmakers/contracts';

/** A consumer group member reading some topics (one topic per event type). */
export interface Subscription {
  group: string;
  consumer: string;
  topics: readonly string[];
}

/** One entry handed to a group member, not yet decoded or validated. */
export interface Delivery {
  topic: string;
  /** The transport's own id of the entry (a stream entry id, a partition offset...). */
  position: string;
  /** The encoded envelope (see encodeEnvelope). */
  payload: string;
  /** How many times the group has handed this entry out, this time included. */
  deliveries: number;
}

/**
 * What the bus needs from a log with consumer groups. Redis Streams implements it today; a Kafka transport would
 * map append -> produce, read -> fetch, ack -> commit, claim -> nothing (rebalancing reassigns partitions).
 */
export interface EventTransport {
  /** Appends envelopes, each to its type's topic, in the given order. */
  append(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** Makes sure the group exists on every topic, reading from the topic's beginning. Idempotent. */
  subscribe(subscription: Subscription): Promise<void>;
  /** New entries for this member; waits up to `blockMs` when there are none. */
  read(subscription: Subscription, options: { count: number; blockMs: number }): Promise<Delivery[]>;
  /** Takes over entries that any member received but has not acknowledged for `minIdleMs`. */
  claim(subscription: Subscription, options: { minIdleMs: number; count: number }): Promise<Delivery[]>;
  ack(subscription: Subscription, delivery: Delivery): Promise<void>;
  /** Parks the entry in the topic's dead-letter log with the reason, and acknowledges it. */
  deadLetter(subscription: Subscription, delivery: Delivery, reason: string): Promise<void>;
  /** Releases connections the transport opened itself. */
  close(): Promise<void>;
}

export function encodeEnvelope(envelope: EventEnvelope): string {
  return JSON.stringify(envelope);
}
