/**
 * Per-person cap on open event streams: one person may hold at most `limit` streams in this
 * process; opening one more closes her oldest. The count is kept per replica, in memory: a stream lives on one
 * replica's socket and ends with it, so nothing needs sharing, and a person spread over N replicas holds at most
 * N x limit (the bound that matters: sockets and subscriptions per process).
 */

/** Open event streams one person may hold per replica. */
export const LIVE_STREAMS_PER_PERSON = 5;

export interface StreamHandle {
  /** Ends the stream because a newer one of the same person took its place. */
  supersede(): void;
}

export class PersonStreams {
  private readonly open = new Map<number, StreamHandle[]>();

  constructor(private readonly limit = LIVE_STREAMS_PER_PERSON) {}

  /** Registers a new stream of `personId`; closes her oldest ones past the limit. Returns the release function. */
  add(personId: number, handle: StreamHandle): () => void {
    const streams = this.open.get(personId) ?? [];
    streams.push(handle);
    this.open.set(personId, streams);
    while (streams.length > this.limit) {
      const oldest = streams.shift();
      oldest?.supersede();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.open.get(personId);
      if (!current) return;
      const index = current.indexOf(handle);
      if (index >= 0) current.splice(index, 1);
      if (current.length === 0) this.open.delete(personId);
    };
  }

  /** How many streams the person holds here (tests, diagnostics). */
  count(personId: number): number {
    return this.open.get(personId)?.length ?? 0;
  }
}
