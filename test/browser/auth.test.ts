/**
 * Authentication screens (spec part 1 §2, §4 Session, §5, §8): /signin, /signup, /forgot-password,
 * /reset-password/{token}, at desktop and phone sizes, against the running stack.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, signInThroughUi, useBrowser, type ViewportName } from '../support/browser';
import { newSession, readMail, signIn, stackInfo } from '../support/stack-client';
import { createPerson, expireResetLinks, readUser, uniqueEmail } from './fixtures';

jest.setTimeout(60_000);
const pages = useBrowser();

const EMAIL_IN_USE_SIGN_IN = 'This email address is already in use. Please, sign in instead.';
const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The text of the error Alert (the red banner) once it shows, with its background colour. */
async function redBanner(page: Page): Promise<{ text: string; background: string }> {
  const banner = page.locator('.MuiAlert-filled.MuiAlert-colorError');
  await banner.waitFor();
  const background = await banner.evaluate((el) => {
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } };
    return view.getComputedStyle(el).backgroundColor;
  });
  return { text: ((await banner.textContent()) ?? '').trim(), background };
}

/** rgb(r, g, b) with red clearly dominant. */
function isRed(colour: string): boolean {
  const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return r > 150 && r > g * 1.5 && r > b * 1.5;
}

/** The message the server gives for a call, to compare with what the screen shows. */
async function serverError(path: string, body: unknown): Promise<string> {
  const response = await newSession().request<{ error: string }>('POST', path, body);
  expect(response.status).toBeGreaterThanOrEqual(400);
  return response.body.error;
}

async function fillByLabel(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe.each(VIEWPORTS)('/signin (%s)', (viewport) => {
  it('shows the server error in a red banner, signs in to the dashboard, and sends a signed-in visitor home', async () => {
    const page = await pages.open({ viewport });
    const person = viewport === 'desktop' ? stackInfo().seededUsers.premium : stackInfo().seededUsers.basic;
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await page.getByRole('link', { name: 'Create account' }).waitFor();
    await screenshot(page, `signin-${viewport}`);

    const expected = await serverError('/api/auth/signin', { email: person.email, password: 'not-the-password' });
    await fillByLabel(page, 'Email', person.email);
    await fillByLabel(page, 'Password', 'not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const banner = await redBanner(page);
    expect(banner.text).toBe(expected);
    expect(isRed(banner.background)).toBe(true);
    expect(pathOf(page)).toBe('/signin');
    await screenshot(page, `signin-bad-password-${viewport}`);

    await fillByLabel(page, 'Password', person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await screenshot(page, `signin-success-dashboard-${viewport}`);

    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/signup');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });
});

describe('/signup', () => {
  it.each(VIEWPORTS)('shows the welcome text and what members get (%s)', async (viewport) => {
    const page = await pages.open({ viewport });
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText(/Welcome! We're so glad you're here/).waitFor();
    // The welcome area lists what members get (the brand panel on a desktop, a card under the form on a phone) and
    // offers no video.
    const welcome =
      viewport === 'mobile'
        ? page.getByRole('region', { name: 'What members get' })
        : page.getByText('Step-by-step courses from people who have done it', { exact: true });
    await welcome.waitFor();
    expect(await page.getByRole('button', { name: /Play welcome video/ }).count()).toBe(0);
    for (const label of ['Full name', 'Email', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await screenshot(page, `signup-${viewport}`, { fullPage: viewport === 'mobile' });
  });

  it('creates the account with ?signuptags, attaches the tag and signs the person in', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    // The seed's tag allowed on sign-up links (a gated tag's id would be ignored).
    const tagId = stackInfo().tags['Webinar Guest'];
    expect(tagId).toBeDefined();
    const email = uniqueEmail('signup');
    await page.goto(`/signup?signuptags=${tagId}`);
    await fillByLabel(page, 'Full name', 'Jordan Signup');
    await fillByLabel(page, 'Email', email);
    await fillByLabel(page, 'Password', 'Signup-Passw0rd!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(email).first().waitFor();

    const me = (await (await page.request.get('/api/auth/me')).json()) as { currentUser: { id: number } | null };
    expect(me.currentUser).not.toBeNull();
    const user = await readUser(me.currentUser?.id ?? 0);
    expect(user.email).toBe(email);
    expect(user.fullName).toBe('Jordan Signup');
    expect(user.role).toBe('basic');
    expect(user.Tags.map((t) => t.id)).toEqual([tagId]);
    await screenshot(page, 'signup-success-dashboard-desktop');
  });

  it.each(VIEWPORTS)('says the email is in use under the field (%s)', async (viewport) => {
    const page = await pages.open({ viewport });
    await page.goto('/signup');
    await fillByLabel(page, 'Full name', 'Someone Again');
    await fillByLabel(page, 'Email', stackInfo().seededUsers.basic.email);
    await fillByLabel(page, 'Password', 'Another-Passw0rd!');
    await page.getByRole('button', { name: 'Create account' }).click();
    const helper = page.locator('.MuiFormHelperText-root.Mui-error');
    await helper.waitFor();
    expect((await helper.textContent())?.trim()).toBe(EMAIL_IN_USE_SIGN_IN);
    // Under the email field: the helper text that describes the email input.
    const describedBy = await page.getByLabel('Email', { exact: true }).getAttribute('aria-describedby');
    expect(describedBy).toBe(await helper.getAttribute('id'));
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.MuiAlert-filled.MuiAlert-colorError').count()).toBe(0);
    expect(pathOf(page)).toBe('/signup');
    await screenshot(page, `signup-email-in-use-${viewport}`, { fullPage: viewport === 'mobile' });
  });
});

describe('/forgot-password and /reset-password/{token}', () => {
  it('sends the reset mail, and the link sets a new password and signs the person in', async () => {
    const person = await createPerson('basic', 'reset', 'Riley Reset');
    const page = await pages.open({ viewport: 'desktop' });
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await screenshot(page, 'forgot-password-desktop');

    const since = new Date();
    await fillByLabel(page, 'Email', person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email sent successfully', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'forgot-password-sent-desktop');

    const mail = await readMail(person.email, { since });
    const link = mail.links.find((l) => l.includes('/reset-password/'));
    expect(link).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(new URL(stackInfo().publicUrl).origin);

    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await fillByLabel(page, 'New password', 'Brand-New-Passw0rd!');
    await fillByLabel(page, 'Confirm password', 'Brand-New-Passw0rd?');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const mismatch = page.locator('.MuiFormHelperText-root.Mui-error');
    await mismatch.waitFor();
    expect((await mismatch.textContent())?.trim()).toBe('Passwords do not match');
    await screenshot(page, 'reset-password-mismatch-desktop');

    await fillByLabel(page, 'Confirm password', 'Brand-New-Passw0rd!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Password reset successfully', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(person.email).first().waitFor();
    await screenshot(page, 'reset-password-success-desktop');

    // The new password is the one that works now; the used link does not work twice.
    await signIn({ email: person.email, password: 'Brand-New-Passw0rd!' });
    const old = await newSession().request('POST', '/api/auth/signin', {
      email: person.email,
      password: person.password,
    });
    expect(old.status).toBe(401);
    const again = await newSession().request('POST', new URL(link ?? '').pathname.replace(/^/, '/api/auth'), {
      password: 'Third-Passw0rd!',
      confirmPassword: 'Third-Passw0rd!',
    });
    expect(again.status).toBe(400);
  });

  it('shows the server error for a malformed email on a phone', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await page.goto('/forgot-password');
    await screenshot(page, 'forgot-password-mobile');
    const expected = await serverError('/api/auth/forgot-password', { email: 'not-an-email' });
    await fillByLabel(page, 'Email', 'not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const banner = await redBanner(page);
    expect(banner.text).toBe(expected);
    expect(isRed(banner.background)).toBe(true);
    await screenshot(page, 'forgot-password-error-mobile');
  });

  it.each([
    ['an expired link', 'desktop'],
    ['an unknown link', 'mobile'],
  ] as const)('shows the server error for %s (%s)', async (kind, viewport) => {
    let path = '/reset-password/this-is-not-a-real-token';
    if (kind === 'an expired link') {
      const person = await createPerson('basic', 'expired', 'Emery Expired');
      const since = new Date();
      const asked = await newSession().request('POST', '/api/auth/forgot-password', { email: person.email });
      expect(asked.status).toBeLessThan(300);
      const link = (await readMail(person.email, { since })).links.find((l) => l.includes('/reset-password/'));
      path = new URL(link ?? '').pathname;
      expect(await expireResetLinks(person.id)).toBe(1);
    }
    const expected = await serverError(`/api/auth${path}`, {
      password: 'Never-Used-Passw0rd!',
      confirmPassword: 'Never-Used-Passw0rd!',
    });
    const page = await pages.open({ viewport });
    await page.goto(path);
    await fillByLabel(page, 'New password', 'Never-Used-Passw0rd!');
    await fillByLabel(page, 'Confirm password', 'Never-Used-Passw0rd!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const banner = await redBanner(page);
    expect(banner.text).toBe(expected);
    expect(isRed(banner.background)).toBe(true);
    expect(pathOf(page)).toBe(path);
    await page.getByRole('link', { name: 'Request a new one' }).waitFor();
    await screenshot(page, `reset-password-${kind === 'an expired link' ? 'expired' : 'invalid'}-${viewport}`);
  });
});

describe('sign-in keeps the wanted address', () => {
  it('sends an anonymous visitor of /profile to /signin and back to /profile after signing in', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(await signInThroughUi(page, 'coach')).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });
});
