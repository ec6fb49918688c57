/**
 * Site content through the running stack: an admin's PUT round-trips; every signed-in person reads what
 * each screen shows from it (the board's welcome video, the qualifier's intro, the booking link behind the hidden
 * calendar route and the dashboard's Rainmaker Calendar card, `{token}` filled with her own e-mail); visitors read
 * only the public part; a bad field is named under its own key and nothing is kept; nobody but an admin writes it.
 * An uploaded video is served in ranges, so a lesson can resume mid-file.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { PublicSiteContent, SiteContent, SiteContentResponse, UploadResponse } from '@rainmakers/contracts';
import { type GatewaySession, newSession, seededUsers, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, fileForm } from '../support/system';

jest.setTimeout(120_000);

const VIDEO = readFileSync(new URL('../support/fixtures/eight-seconds.mp4', import.meta.url));

let admin: GatewaySession;
/** The content before this file ran (the seed's): put back afterwards, other files rely on it. */
let before: SiteContent;

beforeAll(async () => {
  admin = await signIn('admin');
  before = (await admin.get<SiteContentResponse>('/api/site-content')).content;
});

afterAll(async () => {
  await admin.put('/api/site-content', before);
  await closeSystemResources();
});

const changed = (): SiteContent => ({
  videos: {
    ...before.videos,
    'board-welcome': 'https://youtu.be/boardWelc01',
    'qualifier-intro': 'https://vimeo.com/76979871',
    'sign-up-welcome': 'https://www.youtube.com/watch?v=signUpWelc1',
    'ai-toolkit-intro': null,
  },
  links: {
    ...before.links,
    calendarUrl: 'https://calendar.example.com/book?email={token}&from=rainmakers',
    supportEmail: 'Help@Example.com',
    supportUrl: 'https://help.example.com/',
  },
  brand: before.brand,
});

describe('site content', () => {
  it('round-trips an admin PUT: what is saved is what every signed-in person reads back', async () => {
    const saved = await admin.put<SiteContentResponse>('/api/site-content', {
      ...changed(),
      videos: { ...changed().videos, 'qualifier-improve': '  ' },
    });
    expect(saved.content.videos['board-welcome']).toBe('https://youtu.be/boardWelc01');
    expect(saved.content.videos['ai-toolkit-intro']).toBeNull();
    // Blank is "not set"; the e-mail is kept in lower case.
    expect(saved.content.videos['qualifier-improve']).toBeNull();
    expect(saved.content.links.supportEmail).toBe('help@example.com');
    expect(saved.updatedAt).not.toBeNull();
    expect(saved.abilities.edit).toBe(true);

    const read = await admin.get<SiteContentResponse>('/api/site-content');
    expect(read.content).toEqual(saved.content);
    expect(read.updatedAt).toBe(saved.updatedAt);
  });

  it.each(['basic', 'courseOnly', 'premium', 'coach'] as const)(
    'is what each screen of a %s member reads: board welcome, qualifier intro, her own booking link',
    async (who) => {
      await admin.put('/api/site-content', changed());
      const member = await signIn(who);
      const read = await member.get<SiteContentResponse>('/api/site-content');
      // Move the Needle's first-visit welcome and the Product Qualifier's intro (web: useSiteVideo).
      expect(read.content.videos['board-welcome']).toBe('https://youtu.be/boardWelc01');
      expect(read.content.videos['qualifier-intro']).toBe('https://vimeo.com/76979871');
      expect(read.content.videos['ai-toolkit-intro']).toBeNull();
      // The hidden calendar route and the Rainmaker Calendar card open `bookingUrl`: her e-mail in place of {token}.
      const email = seededUsers[who].email;
      expect(read.bookingUrl).toBe(
        `https://calendar.example.com/book?email=${encodeURIComponent(email)}&from=rainmakers`,
      );
      expect(read.abilities.edit).toBe(false);
    },
  );

  it('follows the next change at once (no stale copy on the members side)', async () => {
    const member = await signIn('premium');
    await admin.put('/api/site-content', changed());
    expect((await member.get<SiteContentResponse>('/api/site-content')).content.videos['qualifier-intro']).toBe(
      'https://vimeo.com/76979871',
    );
    await admin.put('/api/site-content', {
      ...changed(),
      videos: { ...changed().videos, 'qualifier-intro': null },
      links: { ...changed().links, calendarUrl: null },
    });
    const read = await member.get<SiteContentResponse>('/api/site-content');
    // A video that is not set hides its frame; no calendar link, no booking link.
    expect(read.content.videos['qualifier-intro']).toBeNull();
    expect(read.bookingUrl).toBeNull();
  });

  it('gives visitors only the public part: the sign-up welcome video and the support links', async () => {
    await admin.put('/api/site-content', changed());
    const visitor = newSession();
    const answer = await visitor.request<PublicSiteContent>('GET', '/api/site-content/public');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      videos: { 'sign-up-welcome': 'https://www.youtube.com/watch?v=signUpWelc1' },
      links: { supportEmail: 'help@example.com', supportUrl: 'https://help.example.com/' },
    });
    // The whole content (calendar link included) needs a session.
    expect((await visitor.request('GET', '/api/site-content')).status).toBe(401);
  });

  it('names each bad field under its own key and keeps nothing', async () => {
    await admin.put('/api/site-content', changed());
    const answer = await admin.request<{ errors: Record<string, string> }>('PUT', '/api/site-content', {
      ...changed(),
      videos: { ...changed().videos, 'board-welcome': 'https://example.com/video.mp4', 'qualifier-intro': 42 },
      links: { ...changed().links, calendarUrl: 'javascript:alert(1)', supportEmail: 'not an address' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      'videos.board-welcome': 'Enter a YouTube or Vimeo address, or upload a video file',
      'videos.qualifier-intro': 'Enter a YouTube or Vimeo address, or upload a video file',
      'links.calendarUrl': 'Enter a web address (https://...)',
      'links.supportEmail': 'Enter a valid email address',
    });
    const read = await admin.get<SiteContentResponse>('/api/site-content');
    expect(read.content.videos['board-welcome']).toBe('https://youtu.be/boardWelc01');
    expect(read.content.links.calendarUrl).toBe(changed().links.calendarUrl);
  });

  it.each(['basic', 'courseOnly', 'premium', 'coach'] as const)('refuses a %s member’s PUT', async (who) => {
    await admin.put('/api/site-content', changed());
    const member = await signIn(who);
    const attempt = await member.request('PUT', '/api/site-content', {
      ...changed(),
      videos: { ...changed().videos, 'board-welcome': 'https://youtu.be/hijacked001' },
    });
    expect(attempt.status).toBe(403);
    const read = await admin.get<SiteContentResponse>('/api/site-content');
    expect(read.content.videos['board-welcome']).toBe('https://youtu.be/boardWelc01');
  });

  it('plays an uploaded video from the app: set by the admin, served to members in byte ranges', async () => {
    const uploaded = await admin.request<UploadResponse>(
      'POST',
      '/upload/video',
      fileForm(VIDEO, 'intro.mp4', 'video/mp4', 'video'),
    );
    expect(uploaded.status).toBe(201);
    const url = uploaded.body.latestUploadedFileUrl;
    expect(url).toMatch(/^\/upload\/files\/[0-9a-f-]{36}\.mp4$/);
    await admin.put('/api/site-content', { ...changed(), videos: { ...changed().videos, 'qualifier-intro': url } });
    const member = await signIn('basic');
    expect((await member.get<SiteContentResponse>('/api/site-content')).content.videos['qualifier-intro']).toBe(url);

    const whole = await fetch(new URL(url, stackInfo().gatewayUrl));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(VIDEO)).toBe(true);

    // A browser seeks (a lesson resumes) by asking for the part it needs.
    const part = await fetch(new URL(url, stackInfo().gatewayUrl), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(VIDEO.subarray(100, 200))).toBe(true);
    const open = await fetch(new URL(url, stackInfo().gatewayUrl), { headers: { range: 'bytes=0-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 0-${VIDEO.length - 1}/${VIDEO.length}`);
    await open.arrayBuffer();
    const beyond = await fetch(new URL(url, stackInfo().gatewayUrl), { headers: { range: `bytes=${VIDEO.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${VIDEO.length}`);
  });
});
