/**
 * Each person's time zone in the browser: a member without one gets her browser's at sign-in (quietly), changes it
 * on /profile with the keyboard, and the dates shown follow it; axe clean, desktop and phone.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInThroughUi, useBrowser } from '../support/browser';
import { createPerson, readUser } from './fixtures';

jest.setTimeout(90_000);
const pages = useBrowser();

const zoneOf = async (id: number) => ((await readUser(id)) as { timeZone?: string | null }).timeZone ?? null;

async function chooseZone(page: Page, typed: string, zone: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Time zone' });
  await box.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(typed);
  await page.getByRole('option', { name: zone.replaceAll('_', ' ') }).waitFor();
  await page.keyboard.press('Enter');
}

describe('time zone', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`is guessed from the browser, then chosen on /profile with the keyboard (${viewport})`, async () => {
      const person = await createPerson('premium', `zone-${viewport}`, 'Zoe Zone');
      expect(await zoneOf(person.id)).toBeNull();
      const page = await pages.open({ viewport, timezoneId: 'America/New_York' });
      await signInThroughUi(page, person);
      await waitFor(async () => ((await zoneOf(person.id)) === 'America/New_York' ? true : null), {
        what: "the browser's zone saved as hers",
      });

      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Time zone' });
      await section.waitFor();
      await section.getByText("Your browser's zone is America/New York.").waitFor();
      expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('America/New York');
      // A date on the page, in her zone: the current time, zone named.
      await section.getByText(/Now: .* (EST|EDT)$/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `time-zone-${viewport}`);

      await chooseZone(page, 'Tokyo', 'Asia/Tokyo');
      await page.getByText('Your time zone is now Asia/Tokyo.').waitFor();
      await section.getByText(/Now: .* GMT\+9$/).waitFor();
      await waitFor(async () => ((await zoneOf(person.id)) === 'Asia/Tokyo' ? true : null), {
        what: 'the chosen zone saved',
      });
      // After a reload (the session from the server), the dates stay in the chosen zone, not the browser's.
      await page.reload();
      await page
        .getByRole('region', { name: 'Time zone' })
        .getByText(/Now: .* GMT\+9$/)
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
