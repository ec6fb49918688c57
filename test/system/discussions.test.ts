/**
 * Lesson discussions across the services: a member's question that @mentions the seeded coach reaches the coach's
 * bell and inbox once (a mention, leading to the lesson), and the coach's reply reaches the member once (a reply),
 * through courses.learning-notice and the board service; the writer herself is never told.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AppNotification } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewaySession, listMail, seededUsers, signIn } from '../support/stack-client';
import { closeSystemResources, createPerson, query } from '../support/system';

jest.setTimeout(120_000);

const SLUG = 'amazon-fba-launch-blueprint';
let admin: GatewaySession;
let lessonId = 0;
let link = '';

beforeAll(async () => {
  admin = await signIn('admin');
  const { course } = await admin.get<{ course: { Modules: { id: number; Lessons: { id: number }[] }[] } }>(
    `/api/course/${SLUG}`,
  );
  const module = course.Modules[0];
  const lesson = module?.Lessons[0];
  if (!module || !lesson) throw new Error('the seed has no first lesson');
  lessonId = lesson.id;
  link = `/courses/${SLUG}/${module.id}/${lesson.id}`;
});
afterAll(closeSystemResources);

async function noticesOf(session: GatewaySession, kind: AppNotification['kind'], text: string) {
  const { notifications } = await session.get<{ notifications: AppNotification[] }>(
    '/api/notifications?notificationsPerPage=50',
  );
  return notifications.filter((n) => n.kind === kind && n.text.includes(text));
}

describe('lesson discussion notices', () => {
  it('tell the mentioned coach and then the asking member, once each, in the bell and by e-mail', async () => {
    const coach = await signIn('coach');
    const coachName = seededUsers.coach.fullName;
    const person = await createPerson(admin, 'asker', { role: 'premium' });
    const member = await signIn({ email: person.email, password: person.password });
    // A member who has been here a moment: the courses and board services' copies of her are written (under load
    // they lag, and a notice written before them names "A member").
    for (const service of ['courses', 'board'] as const) {
      await waitFor(
        async () => (await query(service, 'SELECT 1 FROM people WHERE user_id = $1', [person.id])).length > 0,
        { what: `the ${service} service's copy of the asker` },
      );
    }
    const mark = `${Date.now()}`;

    const question = await member.post<{ comment: { id: number } }>(`/api/lesson/${lessonId}/comments`, {
      body: `Which fee applies to oversize items? ${mark} @${coachName}`,
    });
    const mention = await waitFor(async () => (await noticesOf(coach, 'lesson-mention', mark))[0] ?? null, {
      what: "the coach's mention notification",
    });
    expect(mention).toMatchObject({ cardId: null, link, actorName: person.fullName });
    await waitFor(
      async () =>
        (await listMail(seededUsers.coach.email)).find((m) =>
          m.subject.startsWith(`${person.fullName} mentioned you`),
        ) ?? null,
      { what: "the coach's mention e-mail" },
    );

    await coach.post(`/api/lesson/${lessonId}/comments`, {
      body: `Oversize items pay the larger fulfilment fee. ${mark}`,
      parentId: question.comment.id,
    });
    const reply = await waitFor(async () => (await noticesOf(member, 'lesson-reply', mark))[0] ?? null, {
      what: "the member's reply notification",
    });
    expect(reply).toMatchObject({ cardId: null, link, actorName: coachName });
    await waitFor(
      async () => (await listMail(person.email)).find((m) => m.subject.startsWith(`${coachName} replied`)) ?? null,
      { what: "the member's reply e-mail" },
    );

    // Once each; and nobody is told of her own comment.
    expect(await noticesOf(coach, 'lesson-mention', mark)).toHaveLength(1);
    expect(await noticesOf(member, 'lesson-reply', mark)).toHaveLength(1);
    expect(await noticesOf(member, 'lesson-mention', mark)).toHaveLength(0);
    expect(await noticesOf(coach, 'lesson-reply', mark)).toHaveLength(0);
    expect((await listMail(person.email)).filter((m) => m.subject.startsWith(`${coachName} replied`))).toHaveLength(1);
  });
});
