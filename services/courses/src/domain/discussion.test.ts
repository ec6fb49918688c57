import { describe, expect, it } from '@jest/globals';
import { COMMENT_REPLIES_MAX } from '@rainmakers/contracts';
import { type CommentRow, findMentions, noticeTargets, shapeThreads, threadOf } from './discussion';

const row = (id: number, fields: Partial<CommentRow> = {}): CommentRow => ({
  id,
  parentId: null,
  authorId: 100 + id,
  answer: false,
  hidden: false,
  deleted: false,
  ...fields,
});

describe('threads', () => {
  it('attaches a reply to a reply to the top comment of its thread', () => {
    expect(threadOf({ id: 5, parentId: null })).toBe(5);
    expect(threadOf({ id: 9, parentId: 5 })).toBe(5);
  });

  it('puts the answer first, then the replies in the order they were written', () => {
    const tops = [row(10), row(1)];
    const replies = [row(4, { parentId: 1 }), row(3, { parentId: 1, answer: true }), row(2, { parentId: 1 })];
    const threads = shapeThreads(tops, replies, { moderates: false });
    expect(threads.map((t) => t.comment.id)).toEqual([10, 1]);
    expect(threads[1]!.replies.map((r) => r.id)).toEqual([3, 2, 4]);
    expect(threads[1]!.replyCount).toBe(3);
    expect(threads[0]!.replies).toEqual([]);
  });

  it('never gives members a hidden comment or the replies of a hidden question; moderators get them', () => {
    const tops = [row(3, { hidden: true }), row(1)];
    const replies = [row(4, { parentId: 3 }), row(2, { parentId: 1, hidden: true }), row(5, { parentId: 1 })];
    const member = shapeThreads(tops, replies, { moderates: false });
    expect(member.map((t) => t.comment.id)).toEqual([1]);
    expect(member[0]!.replies.map((r) => r.id)).toEqual([5]);
    const coach = shapeThreads(tops, replies, { moderates: true });
    expect(coach.map((t) => t.comment.id)).toEqual([3, 1]);
    expect(coach[1]!.replies.map((r) => r.id)).toEqual([2, 5]);
  });

  it('keeps a deleted question only while it has replies', () => {
    const tops = [row(2, { deleted: true, authorId: null }), row(1, { deleted: true, authorId: null })];
    const threads = shapeThreads(tops, [row(3, { parentId: 2 })], { moderates: false });
    expect(threads.map((t) => t.comment.id)).toEqual([2]);
  });

  it('caps the replies of a thread but counts them all, the answer always among those sent', () => {
    const replies = Array.from({ length: COMMENT_REPLIES_MAX + 5 }, (_, i) =>
      row(i + 2, { parentId: 1, answer: i === COMMENT_REPLIES_MAX + 4 }),
    );
    const [thread] = shapeThreads([row(1)], replies, { moderates: false });
    expect(thread!.replies).toHaveLength(COMMENT_REPLIES_MAX);
    expect(thread!.replies[0]!.answer).toBe(true);
    expect(thread!.replyCount).toBe(COMMENT_REPLIES_MAX + 5);
  });
});

describe('mentions', () => {
  const people = [
    { userId: 1, fullName: 'Ann' },
    { userId: 2, fullName: 'Ann Lee' },
    { userId: 3, fullName: 'Coach  Carla' },
    { userId: 4, fullName: 'Zoë Ünal' },
  ];

  it('finds @Full Name, longest name first, case-insensitively, each person once', () => {
    expect(findMentions('Hi @ann lee and @Ann, thanks @ANN LEE!', people)).toEqual([2, 1]);
    expect(findMentions('@coach carla: is this right?', people)).toEqual([3]);
    expect(findMentions('Merci @Zoë Ünal.', people)).toEqual([4]);
  });

  it('does not match inside a longer word, an e-mail address or code', () => {
    expect(findMentions('@Anne wrote this', people)).toEqual([]);
    expect(findMentions('mail me at x@Ann.com', people)).toEqual([]);
    expect(findMentions('run `@Ann` or\n```\n@Ann Lee\n```', people)).toEqual([]);
    expect(findMentions('no mention here', people)).toEqual([]);
  });

  it('reads a bounded number of @ signs, however many the comment holds', () => {
    expect(findMentions(`${'@ '.repeat(50)}@Ann`, people)).toEqual([1]);
    expect(findMentions(`${'@ '.repeat(2_000)}@Ann`, people)).toEqual([]);
  });
});

describe('who is told', () => {
  it('tells the lesson author and the thread on a reply, the mentioned only of the mention, never the author', () => {
    const targets = noticeTargets({
      authorId: 7,
      isReply: true,
      mentioned: [9, 7],
      lessonAuthorId: 9,
      threadAuthorIds: [8, 7, null, 8, 10],
    });
    expect(targets).toEqual({ reply: [8, 10], mention: [9] });
  });

  it('tells only the mentioned about a new question', () => {
    expect(
      noticeTargets({ authorId: 7, isReply: false, mentioned: [9], lessonAuthorId: 5, threadAuthorIds: [] }),
    ).toEqual({ reply: [], mention: [9] });
  });
});
