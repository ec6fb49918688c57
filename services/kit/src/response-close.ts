/**
 * The kit's own work at the end of a response (the trace span, the slow-request log, the in-flight count, a
 * concurrency slot) runs from one `close` listener per response instead of one each. Node warns past ten
 * listeners of an event on one emitter, and a streamed answer (`stream.pipeline` into the response adds seven on
 * Node 20, compression one more) reached eleven with the kit's four: the warning said "leak" on every file download
 * although nothing grew (docs/decisions.md, "One close listener per response").
 */
import type { ServerResponse } from 'node:http';

const endings = new WeakMap<ServerResponse, Set<() => void>>();

/**
 * Runs `run` once when `res` closes (finished, or its connection gone), after the callbacks registered before it.
 * Returns a function that withdraws it.
 */
export function onResponseClose(res: ServerResponse, run: () => void): () => void {
  let pending = endings.get(res);
  if (!pending) {
    const callbacks = new Set<() => void>();
    pending = callbacks;
    endings.set(res, callbacks);
    res.once('close', () => {
      endings.delete(res);
      for (const callback of callbacks) callback();
      callbacks.clear();
    });
  }
  // A wrapper of its own, so the same function registered twice runs twice and is withdrawn once.
  const entry = () => run();
  pending.add(entry);
  const registered = pending;
  return () => {
    registered.delete(entry);
  };
}

/**
 * Runs `run` once, when `res` writes its headers or closes, whichever comes first: the moment a request stops
 * holding a slot (the answer has begun, or the caller is gone) for in-flight counts and admission.
 */
export function onHeadersOrClose(res: ServerResponse, run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    once();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  onResponseClose(res, once);
}
