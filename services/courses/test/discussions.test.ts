/**
 * Lesson discussions: the discussion's visibility is the lesson's (a member who cannot open the lesson gets the
 * unknown lesson's answer on every route), threads read answer first, hidden comments reach only staff, authors
 * edit and delete their own, moderation is audited, notices are published once per comment and kind, and the
 * per-lesson count follows what members can read.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  COMMENTS_PER_MINUTE,
  DISCUSSION_MESSAGES,
  LESSON_NOT_FOUND,
  type LessonCommentResponse,
  type LessonCommentsResponse,
} from '@rainmakers/contracts';
import { commentCountsOfCourse, deleteCommentsOf } from '../src/store/lesson-comments';
import { type CoursePageBody, createCourseTree, createLesson, type Harness, startHarness } from './helpers';

let h: Harness;
let course: Awaited<ReturnType<typeof createCourseTree>>;
let lessonId = 0;
let premiumLessonId = 0;

const ADMIN_ID = 900;
const COACH = { userId: 901, fullName: 'Carla Coach' };
const ASKER = { userId: 902, fullName: 'Mia Member' };
const OTHER = { userId: 903, fullName: 'Omar Other' };
const BASIC = { userId: 904, fullName: 'Bea Basic' };

const coach = () => h.as('coach', { userId: COACH.userId });
const asker = () => h.as('premium', { userId: ASKER.userId });
const other = () => h.as('premium', { userId: OTHER.userId });
const basic = () => h.as('basic', { userId: BASIC.userId });
const admin = () => h.as('admin', { userId: ADMIN_ID, secondFactor: true });

const path = (id = lessonId) => `/api/lesson/${id}/comments`;
const read = (actor: Actor, id = lessonId, query = '') =>
  h.api.get<LessonCommentsResponse>(actor, `${path(id)}${query}`);
const post = (actor: Actor, body: string, parentId?: number, id = lessonId) =>
  h.api.post<LessonCommentResponse>(actor, path(id), { body, ...(parentId ? { parentId } : {}) });
const patch = (actor: Actor, commentId: number, body: unknown, id = lessonId) =>
  h.api.call<LessonCommentResponse>(actor, 'PATCH', `${path(id)}/${commentId}`, body);
const moderate = (actor: Actor, commentId: number, what: 'answer' | 'hide', value: boolean, id = lessonId) =>
  h.api.post<LessonCommentResponse>(actor, `${path(id)}/${commentId}/${what}`, {
    [what === 'answer' ? 'answer' : 'hidden']: value,
  });

async function notices(commentId: number) {
  const rows = await h.service.database.db
    .selectFrom('outbox')
    .select(['type', 'data'])
    .where('type', '=', 'courses.learning-notice')
    .orderBy('seq')
    .execute();
  return rows
    .map((r) => r.data as { key: string; kind: string; userIds: number[]; link: string; text: string })
    .filter((d) => d.key.startsWith(`lesson-comment-${commentId}-`));
}

beforeAll(async () => {
  h = await startHarness();
  const db = h.service.database.db;
  await db
    .insertInto('people')
    .values([
      { user_id: ADMIN_ID, full_name: 'Ada Admin', role: 'admin', tag_ids: [], version: 1 },
      { user_id: COACH.userId, full_name: COACH.fullName, role: 'coach', tag_ids: [], version: 1 },
      {
        user_id: ASKER.userId,
        full_name: ASKER.fullName,
        role: 'premium',
        tag_ids: [],
        version: 1,
        photo_url: '/upload/files/mia.png',
      },
      { user_id: OTHER.userId, full_name: OTHER.fullName, role: 'premium', tag_ids: [], version: 1 },
      { user_id: BASIC.userId, full_name: BASIC.fullName, role: 'basic', tag_ids: [], version: 1 },
    ])
    .execute();
  // A course every member opens, and in it a module for premium members only.
  course = await createCourseTree(h, { title: 'Talk Course', slug: 'talk-course' }, { modules: 1, lessons: 1 });
  lessonId = course.modules[0]!.lessons[0]!;
  const premiumModule = await h.api.post<{ module: { id: number } }>(h.admin, '/api/module/upsert', {
    title: 'Premium only',
    CourseId: course.id,
    position: 2,
    visibleToBasic: false,
    visibleToPremium: true,
  });
  const lesson = await h.api.post<{ lesson: { id: number } }>(admin(), '/api/lesson/upsert', {
    title: 'Premium talk',
    content: 'For premium members.',
    ModuleId: premiumModule.body.module.id,
  });
  premiumLessonId = lesson.body.lesson.id;
});

afterAll(async () => {
  await h.service.stop();
});

describe('who can read and write a discussion', () => {
  it('answers a member who cannot open the lesson exactly as for an unknown lesson, on every route', async () => {
    const question = await post(asker(), 'Is this premium?', undefined, premiumLessonId);
    expect(question.status).toBe(201);
    const commentId = question.body.comment.id;
    const unknown = 2_000_000;
    const pairs: [
      () => Promise<{ status: number; body: unknown }>,
      () => Promise<{ status: number; body: unknown }>,
    ][] = [
      [() => read(basic(), premiumLessonId), () => read(basic(), unknown)],
      [
        () => post(basic(), 'Let me in', undefined, premiumLessonId),
        () => post(basic(), 'Let me in', undefined, unknown),
      ],
      [() => post(basic(), 'Reply', commentId, premiumLessonId), () => post(basic(), 'Reply', commentId, unknown)],
      [
        () => patch(basic(), commentId, { body: 'x' }, premiumLessonId),
        () => patch(basic(), commentId, { body: 'x' }, unknown),
      ],
      [
        () => h.api.del(basic(), `${path(premiumLessonId)}/${commentId}`),
        () => h.api.del(basic(), `${path(unknown)}/${commentId}`),
      ],
    ];
    for (const [hidden, missing] of pairs) {
      const [a, b] = await Promise.all([hidden(), missing()]);
      expect(a).toMatchObject({ status: 404, body: { error: LESSON_NOT_FOUND } });
      expect(b.body).toEqual(a.body);
    }
    // The premium member reads it; the basic one never sees it counted anywhere she can look.
    const visible = await read(asker(), premiumLessonId);
    expect(visible.status).toBe(200);
    expect(visible.body.comments.map((c) => c.id)).toEqual([commentId]);
  });

  it('refuses moderation to members before anything else (403), and to staff on a lesson they cannot open (404)', async () => {
    const question = await post(asker(), 'Moderate me?');
    const answer = await moderate(asker(), question.body.comment.id, 'hide', true);
    expect(answer.status).toBe(403);
    const noLesson = await moderate(coach(), question.body.comment.id, 'hide', true, 2_000_000);
    expect(noLesson).toMatchObject({ status: 404, body: { error: LESSON_NOT_FOUND } });
  });

  it('checks bodies and ids at the edge, keyed by field', async () => {
    const empty = await post(asker(), '   ');
    expect(empty).toMatchObject({ status: 400, body: { errors: { body: DISCUSSION_MESSAGES.emptyBody } } });
    const long = await post(asker(), 'x'.repeat(5001));
    expect(long).toMatchObject({ status: 400, body: { errors: { body: DISCUSSION_MESSAGES.longBody } } });
    const badParent = await post(asker(), 'Reply to nothing', 2_000_000);
    expect(badParent).toMatchObject({
      status: 400,
      body: { errors: { parentId: DISCUSSION_MESSAGES.parentNotFound } },
    });
    const badId = await h.api.get(asker(), '/api/lesson/abc/comments');
    expect(badId.status).toBe(400);
    const badLimit = await read(asker(), lessonId, '?limit=500');
    expect(badLimit.status).toBe(400);
    const notBool = await h.api.post(coach(), `${path()}/1/answer`, { answer: 'yes' });
    expect(notBool).toMatchObject({ status: 400, body: { errors: { answer: expect.any(String) } } });
  });
});

describe('a question, its replies and its answer', () => {
  let questionId = 0;
  let coachReplyId = 0;

  it('shows a question with its author, then replies (a reply to a reply joins the thread), the answer first', async () => {
    const question = await post(asker(), 'How do I **price** this? @Carla Coach');
    expect(question.status).toBe(201);
    questionId = question.body.comment.id;
    expect(question.body.comment).toMatchObject({
      author: { id: ASKER.userId, fullName: ASKER.fullName, photoUrl: '/upload/files/mia.png' },
      body: 'How do I **price** this? @Carla Coach',
      answer: false,
      hidden: false,
      editedAt: null,
      abilities: { edit: true, delete: true },
    });
    const otherReply = await post(other(), 'Same question here');
    const otherInThread = await post(other(), 'I think it is the fee', questionId);
    const coachReply = await post(coach(), 'Use the Power Profit Tool', otherInThread.body.comment.id);
    expect(coachReply.status).toBe(201);
    coachReplyId = coachReply.body.comment.id;
    const marked = await moderate(coach(), coachReplyId, 'answer', true);
    expect(marked).toMatchObject({ status: 200, body: { comment: { id: coachReplyId, answer: true } } });

    const page = await read(other());
    const thread = page.body.comments.find((c) => c.id === questionId)!;
    expect(thread.replies.map((r) => r.id)).toEqual([coachReplyId, otherInThread.body.comment.id]);
    expect(thread.replies[0]).toMatchObject({ answer: true, author: { fullName: COACH.fullName } });
    expect(thread.abilities).toEqual({ edit: false, delete: false });
    expect(page.body.abilities).toEqual({ post: true, moderate: false });
    // Newest thread first.
    expect(page.body.comments[0]!.id).toBe(otherReply.body.comment.id);
    const staff = await read(coach());
    expect(staff.body.abilities).toEqual({ post: true, moderate: true });
  });

  it('refuses to mark a question (only replies are answers), and keeps one answer per thread', async () => {
    const onQuestion = await moderate(coach(), questionId, 'answer', true);
    expect(onQuestion).toMatchObject({ status: 400, body: { errors: { commentId: DISCUSSION_MESSAGES.onlyReplies } } });
    const second = await post(coach(), 'Or ask in the community', questionId);
    await moderate(admin(), second.body.comment.id, 'answer', true);
    const thread = (await read(asker())).body.comments.find((c) => c.id === questionId)!;
    expect(thread.replies.filter((r) => r.answer).map((r) => r.id)).toEqual([second.body.comment.id]);
    expect(thread.replies[0]!.id).toBe(second.body.comment.id);
    await moderate(admin(), coachReplyId, 'answer', true);
  });

  it('lets the author alone edit and delete her comment', async () => {
    const mine = await post(other(), 'Typo hre');
    const id = mine.body.comment.id;
    const notHers = await patch(asker(), id, { body: 'Hijacked' });
    expect(notHers.status).toBe(403);
    const edited = await patch(other(), id, { body: 'Typo here' });
    expect(edited.status).toBe(200);
    expect(edited.body.comment.body).toBe('Typo here');
    expect(edited.body.comment.editedAt).not.toBeNull();
    expect((await h.api.del(asker(), `${path()}/${id}`)).status).toBe(403);
    expect((await h.api.del(other(), `${path()}/${id}`)).status).toBe(204);
    expect((await h.api.del(other(), `${path()}/${id}`)).status).toBe(404);
  });

  it('keeps a deleted question with replies as "[deleted]", and lets it go with its last reply', async () => {
    const question = await post(asker(), 'Delete me later');
    const reply = await post(other(), 'A reply keeps it', question.body.comment.id);
    expect((await h.api.del(asker(), `${path()}/${question.body.comment.id}`)).status).toBe(204);
    let thread = (await read(other())).body.comments.find((c) => c.id === question.body.comment.id);
    expect(thread).toMatchObject({ deleted: true, body: '', author: null, abilities: { edit: false, delete: false } });
    expect(thread!.replies.map((r) => r.id)).toEqual([reply.body.comment.id]);
    expect((await h.api.del(other(), `${path()}/${reply.body.comment.id}`)).status).toBe(204);
    thread = (await read(other())).body.comments.find((c) => c.id === question.body.comment.id);
    expect(thread).toBeUndefined();
  });
});

describe('hiding, the count and the audit', () => {
  it('hides a comment from members entirely, flags it for staff, counts only what members read, and audits', async () => {
    const before = (await read(asker())).body.count;
    const rude = await post(other(), 'Something rude');
    const replyToRude = await post(asker(), 'Hey!', rude.body.comment.id);
    expect((await read(asker())).body.count).toBe(before + 2);
    const hidden = await moderate(coach(), rude.body.comment.id, 'hide', true);
    expect(hidden).toMatchObject({ status: 200, body: { comment: { hidden: true } } });

    const member = await read(other());
    expect(member.body.comments.some((c) => c.id === rude.body.comment.id)).toBe(false);
    expect(member.body.count).toBe(before);
    // Not even through its id.
    expect((await patch(other(), rude.body.comment.id, { body: 'edit' })).status).toBe(404);
    expect((await post(asker(), 'Reply', rude.body.comment.id)).status).toBe(400);
    expect((await patch(asker(), replyToRude.body.comment.id, { body: 'edit' })).status).toBe(404);
    expect((await post(asker(), 'Reply in a hidden thread', replyToRude.body.comment.id)).status).toBe(400);
    const staff = await read(coach());
    const flagged = staff.body.comments.find((c) => c.id === rude.body.comment.id);
    expect(flagged).toMatchObject({ hidden: true, body: 'Something rude' });
    expect(flagged!.replies.map((r) => r.id)).toEqual([replyToRude.body.comment.id]);

    const counts = await commentCountsOfCourse(h.service.database.db, course.id);
    expect(counts.get(lessonId)).toBe(before);
    // The course outline shows the same count beside the lesson (this replica's write dropped its cached counts).
    const outline = await h.api.get<CoursePageBody>(other(), '/api/course/talk-course');
    const listed = outline.body.course.Modules.flatMap((m) => m.Lessons).find((l) => l.id === lessonId);
    expect((listed as { commentCount?: number } | undefined)?.commentCount).toBe(before);

    const audits = await h.service.database.db
      .selectFrom('outbox')
      .select('data')
      .where('type', '=', 'audit.recorded')
      .orderBy('seq')
      .execute();
    const hide = audits
      .map((a) => a.data as { action: string; actorId: number; subjectId: string; changes: Record<string, unknown> })
      .filter((a) => a.action === 'lesson.comment-hide');
    expect(hide.at(-1)).toMatchObject({
      actorId: COACH.userId,
      subjectId: String(lessonId),
      changes: { before: { hidden: false, commentId: rude.body.comment.id }, after: { hidden: true } },
    });
    expect(audits.some((a) => (a.data as { action: string }).action === 'lesson.comment-answer')).toBe(true);

    await moderate(admin(), rude.body.comment.id, 'hide', false);
    expect((await read(other())).body.count).toBe(before + 2);
  });

  it('pages threads newest first with a hard cap per call', async () => {
    const all = (await read(asker(), lessonId, '?limit=50')).body;
    const first = await read(asker(), lessonId, '?limit=2');
    expect(first.body.comments).toHaveLength(2);
    expect(first.body.nextBefore).toBe(first.body.comments[1]!.id);
    const second = await read(asker(), lessonId, `?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.comments[0]!.id).toBe(all.comments[2]!.id);
  });
});

describe('notices', () => {
  it('publishes one reply notice and one mention notice per comment, never to its author or the mentioned twice', async () => {
    // The lesson was created by the admin actor: its author.
    const question = await post(asker(), 'Who sets the fees?');
    expect(await notices(question.body.comment.id)).toEqual([]);
    await post(other(), 'Following', question.body.comment.id);
    const reply = await post(coach(), 'Amazon does. @Ada Admin can confirm.', question.body.comment.id);
    await h.service.flushEvents();
    const published = await notices(reply.body.comment.id);
    expect(published.map((n) => [n.key, n.kind, [...n.userIds].sort()])).toEqual([
      [`lesson-comment-${reply.body.comment.id}-reply`, 'lesson-reply', [ASKER.userId, OTHER.userId].sort()],
      [`lesson-comment-${reply.body.comment.id}-mention`, 'lesson-mention', [ADMIN_ID]],
    ]);
    expect(published[0]).toMatchObject({
      link: `/courses/talk-course/${course.modules[0]!.id}/${lessonId}`,
      text: 'Amazon does. @Ada Admin can confirm.',
    });
  });

  it('tells the lesson author of a reply, and leaves out people who cannot open the lesson', async () => {
    const question = await post(asker(), 'Premium question', undefined, premiumLessonId);
    const reply = await post(other(), '@Carla Coach @Bea Basic look', question.body.comment.id, premiumLessonId);
    const published = await notices(reply.body.comment.id);
    expect(published.map((n) => [n.kind, [...n.userIds].sort()])).toEqual([
      ['lesson-reply', [ADMIN_ID, ASKER.userId].sort()],
      ['lesson-mention', [COACH.userId]],
    ]);
    // An edit tells nobody again.
    await patch(other(), reply.body.comment.id, { body: '@Carla Coach please look' });
    expect(await notices(reply.body.comment.id)).toHaveLength(2);
  });

  it('answers a retried post (same Idempotency-Key) from the first: one comment, its notices once', async () => {
    const question = await post(asker(), 'Retried thread');
    const send = () =>
      h.api.call<LessonCommentResponse>(
        other(),
        'POST',
        path(),
        { body: 'A retried reply', parentId: question.body.comment.id },
        { 'Idempotency-Key': `retry-${question.body.comment.id}` },
      );
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.comment.id).toBe(first.body.comment.id);
    const thread = (await read(asker())).body.comments.find((c) => c.id === question.body.comment.id)!;
    expect(thread.replies).toHaveLength(1);
    expect((await notices(first.body.comment.id)).map((n) => n.kind)).toEqual(['lesson-reply']);
  });

  it(`refuses a person's posts past ${COMMENTS_PER_MINUTE} a minute with 429 and Retry-After`, async () => {
    const hasty = h.as('premium', { userId: 950 });
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await post(hasty, `Post ${i}`)).status).toBe(201);
    const refused = await post(hasty, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });
});

describe('the lesson author', () => {
  it('is recorded on insert only', async () => {
    const created = await createLesson(h, { title: 'Authored', ModuleId: course.modules[0]!.id });
    const row = await h.service.database.db
      .selectFrom('lessons')
      .select('created_by')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(h.admin.userId);
  });
});

describe('her own export', () => {
  it('carries her comments', async () => {
    const res = await h.api.get<{ lessonComments: { body: string; lessonId: number }[] }>(
      { service: 'gateway' },
      `/internal/users/${ASKER.userId}/export`,
    );
    expect(res.status).toBe(200);
    expect(res.body.lessonComments.map((c) => c.body)).toContain('Who sets the fees?');
  });
});

describe('a deleted person', () => {
  it('leaves her questions with replies as "[deleted]" and takes the rest of her comments, recounted', async () => {
    const gone = h.as('premium', { userId: 960 });
    const kept = await post(gone, 'Question that got replies');
    await post(asker(), 'A reply to it', kept.body.comment.id);
    const lone = await post(gone, 'Nobody answered');
    const herReply = await post(gone, 'Her reply', kept.body.comment.id);
    const before = (await read(asker())).body.count;
    const db = h.service.database.db;
    await db.transaction().execute((trx) => deleteCommentsOf(trx, 960));
    const after = await read(asker(), lessonId, '?limit=50');
    const place = after.body.comments.find((c) => c.id === kept.body.comment.id);
    expect(place).toMatchObject({ deleted: true, author: null, body: '' });
    expect(place!.replies.map((r) => r.id)).not.toContain(herReply.body.comment.id);
    expect(after.body.comments.some((c) => c.id === lone.body.comment.id)).toBe(false);
    expect(after.body.count).toBe(before - 3);
  });
});
