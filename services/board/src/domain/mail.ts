/** The e-mails the board sends: a mentioned coach's, a reviewed member's, learning notices (pure). */

import { cardPath, type EventData } from '@rainmakers/contracts';
import { formatDateInZone } from '@rainmakers/contracts/time-zone';

export interface MailRecipient {
  fullName: string;
  email: string;
  timeZone?: string | null;
}

/** Link to the card on the member's board: the board page opens the card named in `card`. */
export function cardLink(publicUrl: string, boardUserId: number, cardId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}${cardPath(boardUserId, cardId)}`;
}

export function mentionMail(
  data: EventData<'board.comment-mentioned'>,
  coach: MailRecipient,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const link = cardLink(publicUrl, data.boardUserId, data.cardId);
  return {
    to: coach.email,
    subject: `${data.memberName}'s board: you were mentioned on "${data.cardTitle}"`,
    text: [
      `Hi ${coach.fullName},`,
      '',
      `${data.authorName} mentioned you in a comment on the card "${data.cardTitle}" on ${data.memberName}'s Move the Needle board:`,
      '',
      data.comment,
      '',
      `Open the card: ${link}`,
    ].join('\n'),
  };
}

/** The reminder a card's owner gets when it is due within 24 hours, or once it is overdue (pure). */
export function dueMail(
  data: EventData<'board.card-due'>,
  owner: MailRecipient,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const link = cardLink(publicUrl, data.boardUserId, data.cardId);
  // In her zone, named (UTC while she has none): decisions.md, "Each person's time zone".
  const when = formatDateInZone(data.dueAt, owner.timeZone);
  const overdue = data.kind === 'overdue';
  return {
    to: owner.email,
    subject: overdue ? `Overdue: "${data.cardTitle}"` : `Due soon: "${data.cardTitle}"`,
    text: [
      `Hi ${owner.fullName},`,
      '',
      overdue
        ? `The card "${data.cardTitle}" on your Move the Needle board was due ${when}.`
        : `The card "${data.cardTitle}" on your Move the Needle board is due ${when}.`,
      '',
      `Open the card: ${link}`,
    ].join('\n'),
  };
}

/** The e-mail a member gets when a coach reviews one of her cards. */
export function reviewedMail(
  data: EventData<'board.card-reviewed'>,
  member: MailRecipient,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const link = cardLink(publicUrl, data.boardUserId, data.cardId);
  return {
    to: member.email,
    subject: `${data.reviewerName} reviewed "${data.cardTitle}"`,
    text: [
      `Hi ${member.fullName},`,
      '',
      `${data.reviewerName} reviewed your card "${data.cardTitle}" on your Move the Needle board.`,
      ...(data.comment ? ['', data.comment] : []),
      '',
      `Open the card: ${link}`,
    ].join('\n'),
  };
}

/** The e-mail of a learning notice: a module that opened to her, a reply or @mention in a lesson discussion. */
export function learningNoticeMail(
  data: EventData<'courses.learning-notice'>,
  person: MailRecipient,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const link = `${publicUrl.replace(/\/+$/, '')}${data.link}`;
  const lines = (() => {
    switch (data.kind) {
      case 'module-opened':
        return {
          subject: `Now open: "${data.title}" in ${data.courseTitle}`,
          body: [`The module "${data.title}" of ${data.courseTitle} is open to you now.`],
          action: 'Start it',
        };
      case 'lesson-mention':
        return {
          subject: `${data.actorName} mentioned you on "${data.title}"`,
          body: [
            `${data.actorName} mentioned you in the discussion of the lesson "${data.title}" (${data.courseTitle}):`,
            '',
            data.text,
          ],
          action: 'Read it',
        };
      case 'lesson-reply':
        return {
          subject: `${data.actorName} replied on "${data.title}"`,
          body: [
            `${data.actorName} replied in the discussion of the lesson "${data.title}" (${data.courseTitle}):`,
            '',
            data.text,
          ],
          action: 'Read it',
        };
    }
  })();
  return {
    to: person.email,
    subject: lines.subject,
    text: [`Hi ${person.fullName},`, '', ...lines.body, '', `${lines.action}: ${link}`].join('\n'),
  };
}
