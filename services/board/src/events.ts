/**
 * Events of the board service.
 * Publishes (outbox, in the transaction of the change):
 *  - board.comment-mentioned: a new comment mentioning coaches (commands/board.ts upsertComment).
 * Consumes (consumer group 'board', idempotent through processed_events):
 *  - users.user-changed: the board's copy of the person (names, e-mails, photos, role, createdAt);
 *  - users.user-deleted: the copy goes, and so does the person's board (lists, cards, labels, comments...);
 *  - board.comment-mentioned: one e-mail per mentioned coach (unless she turned mention e-mails off), queued on
 *    send-mail (group 'board-mail').
 */
import type { EventData } from '@rainmakers/contracts';
import {
  type ConsumerWiring,
  createConsumer,
  type EventConsumer,
  type MailMessage,
  type MailSender,
} from '@rainmakers/kit';
import { mentionMail } from './domain/mail';
import { deleteBoardOfUser } from './store/boards';
import { deleteNotificationsOf, mentionEmailsOff } from './store/notifications';
import { deletePerson, findPeople, savePerson } from './store/people';
import type { BoardDatabase } from './store/schema';

export const CONSUMER_GROUP = 'board';
export const MAIL_CONSUMER_GROUP = 'board-mail';

type ConsumerOptions = ConsumerWiring<BoardDatabase>;

export function createPeopleConsumer(options: ConsumerOptions): EventConsumer<BoardDatabase> {
  return createConsumer(options, CONSUMER_GROUP, {
    'users.user-changed': async (user, { trx }) => {
      await savePerson(
        trx,
        {
          userId: user.id,
          fullName: user.fullName,
          email: user.email,
          photoUrl: user.photoUrl,
          role: user.role,
          createdAt: user.createdAt,
        },
        user.version,
      );
    },
    'users.user-deleted': async ({ id }, { trx }) => {
      const removed = await deleteBoardOfUser(trx, id);
      await deletePerson(trx, id);
      await deleteNotificationsOf(trx, id);
      options.logger.info({ userId: id, removed }, 'board of a deleted person removed');
    },
  });
}

/**
 * Queues one e-mail per mentioned coach. The job id is derived from the comment and the coach, so a redelivered
 * event (a crash after queueing, before the acknowledgement) does not send a second e-mail.
 */
export function createMentionMailConsumer(
  options: ConsumerOptions & { queue: MailSender; publicUrl: string },
): EventConsumer<BoardDatabase> {
  return createConsumer(options, MAIL_CONSUMER_GROUP, {
    'board.comment-mentioned': async (data: EventData<'board.comment-mentioned'>, { trx }) => {
      const people = await findPeople(trx, data.mentionedUserIds);
      // People who turned mention e-mails off on /profile still get the notification, not the e-mail.
      const off = await mentionEmailsOff(trx, data.mentionedUserIds);
      for (const userId of data.mentionedUserIds) {
        const coach = people.get(userId);
        if (!coach || off.has(userId)) continue;
        const message: MailMessage = mentionMail(data, coach, options.publicUrl);
        await options.queue.send(message, `mention-${data.commentId}-${userId}`);
      }
    },
  });
}
