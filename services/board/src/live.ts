/**
 * Live board updates (decisions.md, "Live board updates: SSE"). After each committed change a command publishes
 * `{boardId, type}` on the board's Redis pub/sub channel; every board replica holds one subscriber connection and
 * fans a message out to the SSE streams open on that board in its process. The stream carries only "this board
 * changed" (no data), so a client refetches through the same authorized calls: nothing leaks through it.
 *
 * The same connection carries "this person's notifications changed" notices on a channel per person:
 * the notification stream then reads the person's unread count and sends it.
 */
import { type BackgroundTask, blockingDuplicate, type Logger, type Redis } from '@rainmakers/kit';

export interface BoardChangeMessage {
  boardId: number;
  /** What changed, e.g. 'card.moved' (the client refetches either way). */
  type: string;
  at: string;
}

export interface NotificationNotice {
  userId: number;
  at: string;
}

export interface BoardChanges {
  /** Called after the commit; never throws (a missed notice only delays a refresh). */
  changed(boardId: number, type: string): Promise<void>;
  /** The unread notifications of these people changed (after the commit; never throws). */
  notificationsChanged(userIds: readonly number[]): Promise<void>;
}

export type BoardListener = (message: BoardChangeMessage) => void;
export type NoticeListener = (message: NotificationNotice) => void;

type Kind = 'board' | 'notifications';
const CHANNEL_PART: Record<Kind, string> = { board: 'board:changes:', notifications: 'notifications:changes:' };

export class RedisBoardChanges implements BoardChanges, BackgroundTask {
  private subscriber: Redis | null = null;
  /** Channel name -> the listeners of this process on it. */
  private readonly listeners = new Map<string, Set<(message: unknown) => void>>();

  constructor(private readonly options: { redis: Redis; prefix: string; logger: Logger }) {}

  private channel(kind: Kind, id: number): string {
    return `${this.options.prefix}${CHANNEL_PART[kind]}${id}`;
  }

  private async publish(kind: Kind, id: number, message: object): Promise<void> {
    try {
      await this.options.redis.publish(this.channel(kind, id), JSON.stringify(message));
    } catch (error) {
      this.options.logger.warn({ err: error, kind, id }, 'live notice not announced');
    }
  }

  async changed(boardId: number, type: string): Promise<void> {
    await this.publish('board', boardId, { boardId, type, at: new Date().toISOString() });
  }

  async notificationsChanged(userIds: readonly number[]): Promise<void> {
    const at = new Date().toISOString();
    await Promise.all([...new Set(userIds)].map((userId) => this.publish('notifications', userId, { userId, at })));
  }

  private listen(channel: string, listener: (message: unknown) => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.subscriber?.subscribe(channel).catch((error: unknown) => {
        this.options.logger.warn({ err: error, channel }, 'live channel subscribe failed');
      });
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      this.subscriber?.unsubscribe(channel).catch(() => undefined);
    };
  }

  /** Starts delivering the board's changes to `listener`; the returned function stops it (idempotent). */
  subscribe(boardId: number, listener: BoardListener): () => void {
    return this.listen(this.channel('board', boardId), (m) => listener(m as BoardChangeMessage));
  }

  /** Starts delivering the person's notification notices to `listener`; the returned function stops it. */
  subscribeNotifications(userId: number, listener: NoticeListener): () => void {
    return this.listen(this.channel('notifications', userId), (m) => listener(m as NotificationNotice));
  }

  private watched(kind: Kind): number[] {
    const start = `${this.options.prefix}${CHANNEL_PART[kind]}`;
    return [...this.listeners.keys()].filter((c) => c.startsWith(start)).map((c) => Number(c.slice(start.length)));
  }

  /** Boards with at least one open stream in this process (tests check a closed stream frees its entry). */
  watchedBoards(): number[] {
    return this.watched('board');
  }

  /** People with at least one open notification stream in this process. */
  watchedPeople(): number[] {
    return this.watched('notifications');
  }

  start(): void {
    const subscriber = blockingDuplicate(this.options.redis, 'board-live');
    subscriber.on('message', (channel: string, raw: string) => {
      const set = this.listeners.get(channel);
      if (!set) return;
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        return;
      }
      for (const listener of set) listener(message);
    });
    // After a reconnect ioredis re-subscribes the channels it knew (autoResubscribe).
    subscriber.on('error', (error: unknown) => this.options.logger.warn({ err: error }, 'board live subscriber'));
    this.subscriber = subscriber;
    const channels = [...this.listeners.keys()];
    if (channels.length > 0) subscriber.subscribe(...channels).catch(() => undefined);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}
