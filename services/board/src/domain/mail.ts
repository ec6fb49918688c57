/** The e-mail a mentioned coach gets (pure). */
import type { EventData } from '@rainmakers/contracts';

export interface MailRecipient {
  fullName: string;
  email: string;
}

/** Link to the card on the member's board: the board page opens the card named in `card`. */
export function cardLink(publicUrl: string, boardUserId: number, cardId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/move-the-needle/${boardUserId}?card=${cardId}`;
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
