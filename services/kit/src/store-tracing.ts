/**
 * CLIENT spans for PostgreSQL queries and Redis commands run inside a traced request, event or job (tracing.ts
 * startStoreSpan), with the database semantic conventions: `db.system.name`, `db.namespace`, `db.operation.name`,
 * `db.query.summary` (the span's name: `SELECT users`), `db.query.text` with literal values replaced by `?`, and
 * `server.address` / `server.port`. ioredis reports its commands on a diagnostics channel (`ioredis:command`), so
 * nothing of it is wrapped; pg has no such channel, so each pooled client's `query` is wrapped when it connects.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Span } from '@opentelemetry/api';
import type pg from 'pg';
import { endStoreSpan, startStoreSpan, tracingEnabled } from './tracing';

/** Longest query text kept on a span: a generated IN list would otherwise make one span kilobytes long. */
const MAX_QUERY_TEXT = 2000;

const OPERATION = /^\s*(?:\/\*[\s\S]*?\*\/\s*)?(\w+)/;
const TARGET: Record<string, RegExp> = {
  SELECT: /\bfrom\s+("?[\w.]+"?)/i,
  DELETE: /\bfrom\s+("?[\w.]+"?)/i,
  INSERT: /\binto\s+("?[\w.]+"?)/i,
  UPDATE: /^\s*update\s+("?[\w.]+"?)/i,
  WITH: /\b(?:from|into|update)\s+("?[\w.]+"?)/i,
};

/** `SELECT users`, `INSERT outbox`, `BEGIN`: the operation and its first table, without any value. */
export function summariseSql(text: string): { operation: string; summary: string } {
  const operation = (OPERATION.exec(text)?.[1] ?? 'QUERY').toUpperCase();
  const target = TARGET[operation]?.exec(text)?.[1]?.replaceAll('"', '');
  return { operation, summary: target ? `${operation} ${target}` : operation };
}

/** The query with its literal values (strings, numbers) replaced by `?`; bind parameters ($1) stay as they are. */
export function sanitiseSql(text: string): string {
  const sanitised = text.replace(/'(?:[^']|'')*'/g, '?').replace(/(?<![\w$."])-?\d+(?:\.\d+)?\b/g, '?');
  return sanitised.length > MAX_QUERY_TEXT ? `${sanitised.slice(0, MAX_QUERY_TEXT)}...` : sanitised;
}

type QueryArgs = unknown[];

function queryText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (typeof first !== 'object' || first === null) return undefined;
  // A Submittable (a cursor, a stream) reports its own progress: left alone.
  if ('submit' in first) return undefined;
  const text = (first as { text?: unknown }).text;
  return typeof text === 'string' ? text : undefined;
}

function describeQuery(span: Span, client: pg.Client, text: string): void {
  const { operation, summary } = summariseSql(text);
  span.updateName(summary);
  span.setAttributes({
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    'db.query.summary': summary,
    'db.query.text': sanitiseSql(text),
    ...(client.database ? { 'db.namespace': client.database } : {}),
    ...(client.host ? { 'server.address': client.host } : {}),
    ...(client.port ? { 'server.port': client.port } : {}),
  });
}

/** Wraps a pg client's `query` (a pool's `connect` event hands each new client over once). */
export function traceQueries(client: pg.Client): void {
  const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    const text = queryText(args[0]);
    const span = text === undefined ? undefined : startStoreSpan('postgresql');
    if (!span || text === undefined) return original(...args);
    describeQuery(span, client, text);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        endStoreSpan(span, error ?? undefined);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return original(...args);
    }
    try {
      return (original(...args) as Promise<unknown>).then(
        (result) => {
          endStoreSpan(span);
          return result;
        },
        (error: unknown) => {
          endStoreSpan(span, error);
          throw error;
        },
      );
    } catch (error) {
      endStoreSpan(span, error);
      throw error;
    }
  };
}

/** What ioredis publishes for a command (`ioredis:command`) or a MULTI / pipeline (`ioredis:batch`). */
interface RedisTraceContext {
  command?: string;
  args?: string[];
  batchMode?: string;
  batchSize?: number;
  database?: number;
  serverAddress?: string;
  serverPort?: number;
  error?: unknown;
}

const redisSpans = new WeakMap<object, Span>();

function redisStart(message: unknown): void {
  const ctx = message as RedisTraceContext;
  const operation = (ctx.command ?? ctx.batchMode ?? 'command').toUpperCase();
  const span = startStoreSpan(operation);
  if (!span) return;
  span.setAttributes({
    'db.system.name': 'redis',
    'db.operation.name': operation,
    // ioredis keeps only the arguments its rules call safe (keys, counts); the others are already `?`.
    ...(ctx.args ? { 'db.query.text': sanitiseRedis(operation, ctx.args) } : {}),
    ...(ctx.batchSize !== undefined ? { 'db.operation.batch.size': ctx.batchSize } : {}),
    ...(ctx.database !== undefined ? { 'db.namespace': String(ctx.database) } : {}),
    ...(ctx.serverAddress ? { 'server.address': ctx.serverAddress } : {}),
    ...(ctx.serverPort ? { 'server.port': ctx.serverPort } : {}),
  });
  redisSpans.set(ctx, span);
}

function sanitiseRedis(operation: string, args: string[]): string {
  const text = [operation, ...args].join(' ');
  return text.length > MAX_QUERY_TEXT ? `${text.slice(0, MAX_QUERY_TEXT)}...` : text;
}

function redisEnd(message: unknown): void {
  const ctx = message as RedisTraceContext;
  const span = redisSpans.get(ctx);
  if (!span) return;
  redisSpans.delete(ctx);
  endStoreSpan(span, ctx.error);
}

let subscribed = false;

/** Listens to ioredis's channels while tracing is on (subscribed, every command builds its context: not before). */
export function traceRedisCommands(): void {
  if (subscribed || !tracingEnabled()) return;
  subscribed = true;
  const handlers = {
    start: redisStart,
    end: () => undefined,
    asyncStart: () => undefined,
    asyncEnd: redisEnd,
    error: () => undefined,
  };
  diagnostics.tracingChannel('ioredis:command').subscribe(handlers);
  diagnostics.tracingChannel('ioredis:batch').subscribe(handlers);
}
