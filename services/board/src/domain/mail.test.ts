import { describe, expect, it } from '@jest/globals';
import { cardLink, mentionMail } from './mail';

describe('mention mail', () => {
  it('names the member and the card and links to the card on the member board', () => {
    const mail = mentionMail(
      {
        commentId: 1,
        cardId: 42,
        cardTitle: 'Launch listing',
        boardUserId: 7,
        memberName: 'Paula Premium',
        authorId: 7,
        authorName: 'Paula Premium',
        comment: 'Can you check this?',
        mentionedUserIds: [3],
      },
      { fullName: 'Cora Coach', email: 'cora@example.com' },
      'https://app.example.com/',
    );
    expect(mail.to).toBe('cora@example.com');
    expect(mail.subject).toContain("Paula Premium's board");
    expect(mail.text).toContain('"Launch listing"');
    expect(mail.text).toContain('https://app.example.com/move-the-needle/7?card=42');
    expect(cardLink('http://x', 1, 2)).toBe('http://x/move-the-needle/1?card=2');
  });
});
