/**
 * Events of the board service.
 * Publishes (outbox, in the transaction of the change):
 *  - board.comment-mentioned: a new comment mentioning coaches (commands/board.ts upsertComment);
 *  - board.card-due: a due-date reminder was stored for a card's owner (commands/reminders.ts).
 *  - board.card-reviewed: a coach or admin reviewed a member's card (commands/board.ts reviewCard).
 * Consumes (consumer group 'board', idempotent through processed_events):
 *  - users.user-changed: the board's copy of the person (names, e-mails, photos, role, createdAt);
 *  - users.user-deleted: the copy goes, and so does the person's board (lists, cards, labels, comments...), her
 *    comments on other boards, her mentions, the notifications her comments caused and her own;
 *  - board.comment-mentioned: one e-mail per mentioned coach (unless she turned mention e-mails off), queued on
 *    send-mail (group 'board-mail');
 *  - board.card-due: the reminder e-mail to the card's owner (unless she turned due-date e-mails off), same group.
 *  - board.card-reviewed: one e-mail to the card's owner (unless she turned review e-mails off), same group.
 *  - courses.learning-notice: one notification per person told ('board' group, the live unread counts hear it) and
 *    one e-mail each unless she turned lesson e-mails off ('board-mail' group); the notice's key makes a redelivery
 *    a no-op in both.
 */
import type { EventData } from '@rainmakers/contracts';
import {
  type ConsumerWiring,
  createConsumer,
  type EventConsumer,
  type MailMessage,
  type MailSender,
} from '@rainmakers/kit';
import { dueMail, learningNoticeMail, mentionMail, reviewedMail } from './domain/mail';
import type { BoardChanges } from './live';
import { deleteTracesOf } from './store/account';
import { deleteBoardOfUser } from './store/boards';
import {
  deleteNotificationsOf,
  dueEmailsOn,
  insertLearningNotices,
  lessonEmailsOff,
  mentionEmailsOff,
  reviewEmailsOff,
} from './store/notifications';
import { deletePerson, findPeople, findPerson, savePerson } from './store/people';
import type { BoardDatabase } from './store/schema';

export const CONSUMER_GROUP = 'board';
export const MAIL_CONSUMER_GROUP = 'board-mail';

type ConsumerOptions = ConsumerWiring<BoardDatabase>;

/**
 * Who caused a learning notice, by the board's copy of people when it knows her: the courses service names her
 * from its own copy, which may not have a person who signed up a moment ago yet (it then says "A member").
 */
async function actorNameOf(
  trx: Parameters<typeof findPerson>[0],
  notice: EventData<'courses.learning-notice'>,
): Promise<string> {
  if (notice.actorId === null) return notice.actorName;
  return (await findPerson(trx, notice.actorId))?.fullName ?? notice.actorName;
}

export function createPeopleConsumer(
  options: ConsumerOptions & { changes: Pick<BoardChanges, 'notificationsChanged'> },
): EventConsumer<BoardDatabase> {
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
          timeZone: user.timeZone ?? null,
        },
        user.version,
      );
    },
    'courses.learning-notice': async (notice, { trx, afterCommit }) => {
      const told = await insertLearningNotices(trx, notice.userIds, {
        key: notice.key,
        kind: notice.kind,
        actorId: notice.actorId,
        actorName: await actorNameOf(trx, notice),
        subject: notice.title,
        text: notice.text,
        link: notice.link,
      });
      if (told.length > 0) afterCommit(() => options.changes.notificationsChanged(told));
    },
    'users.user-deleted': async ({ id }, { trx }) => {
      const removed = await deleteBoardOfUser(trx, id);
      const comments = await deleteTracesOf(trx, id);
      await deletePerson(trx, id);
      await deleteNotificationsOf(trx, id);
      options.logger.info({ userId: id, removed, comments }, 'board of a deleted person removed');
    },
  });
}

/**
 * Queues one e-mail per mentioned coach, and one per review to the card's owner. The job id is derived from the comment and the coach, so a redelivered
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
    // The job id is the reminder's own key (card, due date, kind): a redelivered event queues nothing twice.
    'board.card-due': async (data: EventData<'board.card-due'>, { trx }) => {
      const owner = (await findPeople(trx, [data.boardUserId])).get(data.boardUserId);
      if (!owner || !(await dueEmailsOn(trx, data.boardUserId))) return;
      const message: MailMessage = dueMail(data, owner, options.publicUrl);
      await options.queue.send(message, `due-${data.cardId}-${Date.parse(data.dueAt)}-${data.kind}`);
    },
    // One e-mail per person and notice (the job id names both), unless she turned lesson e-mails off on /profile.
    'courses.learning-notice': async (data: EventData<'courses.learning-notice'>, { trx }) => {
      const people = await findPeople(trx, data.userIds);
      const off = await lessonEmailsOff(trx, data.userIds);
      const notice = { ...data, actorName: await actorNameOf(trx, data) };
      for (const userId of data.userIds) {
        const person = people.get(userId);
        if (!person || off.has(userId)) continue;
        await options.queue.send(learningNoticeMail(notice, person, options.publicUrl), `${data.key}-${userId}`);
      }
    },
    // One e-mail per review (the job id names it), unless the owner turned review e-mails off on /profile.
    'board.card-reviewed': async (data: EventData<'board.card-reviewed'>, { trx }) => {
      const member = await findPerson(trx, data.boardUserId);
      if (!member || (await reviewEmailsOff(trx, data.boardUserId))) return;
      const message: MailMessage = reviewedMail(data, member, options.publicUrl);
      await options.queue.send(message, `reviewed-${data.cardId}-${Date.parse(data.reviewedAt)}`);
    },
  });
}
