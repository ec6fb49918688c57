/** The people and tags every fresh stack starts with (npm start prints these sign-ins; tests use them). */
import type { SeedPersonKey } from './context';

export interface SeedPersonSpec {
  key: SeedPersonKey;
  fullName: string;
  email: string;
  password: string;
  role: 'admin' | 'coach' | 'premium' | 'course only' | 'basic';
  city: string;
  state: string;
  country: string;
  /** Names from SEED_TAGS. */
  tags: string[];
  /** When the account was created (ISO 8601); now when left out. The Move the Needle cut-off reads it. */
  createdAt?: string;
  /**
   * The base32 TOTP secret the seed enrols the account with (admins need a second factor). A development
   * value like the password beside it: `npm start` prints both.
   */
  totpSecret?: string;
}

export const SEED_TAGS = ['Mastermind', 'nova', 'teller', 'Wholesale Bootcamp', 'Webinar Guest'] as const;

/**
 * The seed's one tag allowed on sign-up links (`/signup?signuptags=` attaches only such tags). It opens
 * nothing gated: it marks who came through the webinar's sign-up link.
 */
export const SEED_SIGNUP_TAG: (typeof SEED_TAGS)[number] = 'Webinar Guest';

export const SEED_PEOPLE: readonly SeedPersonSpec[] = [
  {
    key: 'admin',
    fullName: 'Alexandra Reyes',
    email: 'admin@rainmakers.local',
    password: 'Admin-Passw0rd!',
    totpSecret: 'RAINMAKERSLOCALADMINSECRETKEY234',
    role: 'admin',
    city: 'Austin',
    state: 'TX',
    country: 'United States',
    tags: [],
  },
  {
    key: 'coach',
    fullName: 'Marcus Whitfield',
    email: 'coach@rainmakers.local',
    password: 'Coach-Passw0rd!',
    role: 'coach',
    city: 'Denver',
    state: 'CO',
    country: 'United States',
    tags: ['Mastermind'],
  },
  {
    key: 'premium',
    fullName: 'Priya Natarajan',
    email: 'premium@rainmakers.local',
    password: 'Premium-Passw0rd!',
    role: 'premium',
    city: 'Tampa',
    state: 'FL',
    country: 'United States',
    tags: ['Mastermind', 'nova'],
    // A long-standing member (before the 2025-02-13 cut-off): she keeps the Move the Needle board.
    createdAt: '2024-06-03T15:00:00.000Z',
  },
  {
    // A premium member who joined after the cut-off: the board is hidden from her (the other side of the rule).
    key: 'newPremium',
    fullName: 'Hannah Brooks',
    email: 'newpremium@rainmakers.local',
    password: 'NewPremium-Passw0rd!',
    role: 'premium',
    city: 'Raleigh',
    state: 'NC',
    country: 'United States',
    tags: ['Mastermind'],
  },
  {
    key: 'courseOnly',
    fullName: 'Daniel Okafor',
    email: 'courses@rainmakers.local',
    password: 'Course-Passw0rd!',
    role: 'course only',
    city: 'Columbus',
    state: 'OH',
    country: 'United States',
    tags: ['Wholesale Bootcamp'],
  },
  {
    key: 'basic',
    fullName: 'Jenna Kowalski',
    email: 'basic@rainmakers.local',
    password: 'Basic-Passw0rd!',
    role: 'basic',
    city: 'Phoenix',
    state: 'AZ',
    country: 'United States',
    tags: ['teller'],
  },
  {
    // A member whose card payment failed: the seed gives her a Stripe (stand-in) customer with a past_due
    // subscription and an open invoice (scripts/seed/billing.ts), so she lands on /blocked and can walk the Fix loop.
    key: 'blocked',
    fullName: 'Blair Lindqvist',
    email: 'blocked@rainmakers.local',
    password: 'Blocked-Passw0rd!',
    role: 'basic',
    city: 'Madison',
    state: 'WI',
    country: 'United States',
    tags: [],
  },
];
