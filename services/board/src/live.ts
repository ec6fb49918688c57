/**
 * Live board updates (decisions.md, "Live board updates: SSE"). After each committed change a command publishes
 * `{boardId, type}` on the board's Redis pub/sub channel; every board replica holds one subscriber connection and
 * fans a message out to the SSE streams open on that board in its process. The stream carries only "this board
 * changed" (no data), so a client refetches through the same authorized calls: nothing leaks through it.
 */
import { type BackgroundTask, blockingDuplicate, type Logger, type Redis } from '@rainmakers/kit';

export interface BoardChangeMessage {
  boardId: number;
  /** What changed, e.g. 'card.moved' (the client refetches either way). */
  type: string;
  at: string;
}

export interface BoardChanges {
  /** Called after the commit; never throws (a missed notice only delays a refresh). */
  changed(boardId: number, type: string): Promise<void>;
}

export type BoardListener = (message: BoardChangeMessage) => void;

export class RedisBoardChanges implements BoardChanges, BackgroundTask {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<number, Set<BoardListener>>();

  constructor(private readonly options: { redis: Redis; prefix: string; logger: Logger }) {}

  private channel(boardId: number): string {
    return `${this.options.prefix}board:changes:${boardId}`;
  }

  async changed(boardId: number, type: string): Promise<void> {
    const message: BoardChangeMessage = { boardId, type, at: new Date().toISOString() };
    try {
      await this.options.redis.publish(this.channel(boardId), JSON.stringify(message));
    } catch (error) {
      this.options.logger.warn({ err: error, boardId, type }, 'board change not announced');
    }
  }

  /** Starts delivering the board's changes to `listener`; the returned function stops it (idempotent). */
  subscribe(boardId: number, listener: BoardListener): () => void {
    let set = this.listeners.get(boardId);
    if (!set) {
      set = new Set();
      this.listeners.set(boardId, set);
      this.subscriber?.subscribe(this.channel(boardId)).catch((error: unknown) => {
        this.options.logger.warn({ err: error, boardId }, 'board channel subscribe failed');
      });
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(boardId);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(boardId);
      this.subscriber?.unsubscribe(this.channel(boardId)).catch(() => undefined);
    };
  }

  /** Boards with at least one open stream in this process (tests check a closed stream frees its entry). */
  watchedBoards(): number[] {
    return [...this.listeners.keys()];
  }

  start(): void {
    const subscriber = blockingDuplicate(this.options.redis, 'board-live');
    subscriber.on('message', (channel: string, raw: string) => {
      const boardId = Number(channel.slice(channel.lastIndexOf(':') + 1));
      const set = this.listeners.get(boardId);
      if (!set) return;
      let message: BoardChangeMessage;
      try {
        message = JSON.parse(raw) as BoardChangeMessage;
      } catch {
        return;
      }
      for (const listener of set) listener(message);
    });
    // After a reconnect ioredis re-subscribes the channels it knew (autoResubscribe).
    subscriber.on('error', (error: unknown) => this.options.logger.warn({ err: error }, 'board live subscriber'));
    this.subscriber = subscriber;
    const channels = [...this.listeners.keys()].map((id) => this.channel(id));
    if (channels.length > 0) subscriber.subscribe(...channels).catch(() => undefined);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}
