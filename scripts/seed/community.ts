/**
 * Seeds the community the dashboard's Community Search finds: members around the seeded ones (Florida around the
 * long-standing premium member in Tampa, more than one page of 15 in FL, a few in Texas and North Carolina), basic
 * and premium, created by the admin without passwords (they cannot sign in; they are neighbours to find).
 * Idempotent: an e-mail that exists is skipped.
 */
import type { SeedContext } from './context';

interface Neighbour {
  fullName: string;
  city: string;
  state: string;
  role: 'basic' | 'premium';
}

const FLORIDA: [string, string][] = [
  ['Maria Delgado', 'Tampa'],
  ['Ashley Carter', 'Tampa'],
  ['Renee Thibodeaux', 'St. Petersburg'],
  ['Keisha Grant', 'Clearwater'],
  ['Lauren Mitchell', 'Orlando'],
  ['Sofia Alvarez', 'Orlando'],
  ['Brittany Nguyen', 'Miami'],
  ['Camila Rojas', 'Miami'],
  ['Jessica Park', 'Jacksonville'],
  ['Amanda Foster', 'Tallahassee'],
  ['Danielle Brooks', 'Sarasota'],
  ['Kimberly Shaw', 'Fort Myers'],
  ['Natalie Ortiz', 'Gainesville'],
  ['Heather Quinn', 'Lakeland'],
  ['Olivia Bennett', 'Naples'],
  ['Tara Simmons', 'Pensacola'],
  ['Vanessa Hughes', 'Brandon'],
  ['Megan Sullivan', 'Tampa'],
];

const ELSEWHERE: Neighbour[] = [
  { fullName: 'Rachel Kim', city: 'Austin', state: 'TX', role: 'premium' },
  { fullName: 'Christina Lopez', city: 'Dallas', state: 'TX', role: 'basic' },
  { fullName: 'Monica Patel', city: 'Houston', state: 'TX', role: 'basic' },
  { fullName: 'Erin Gallagher', city: 'Raleigh', state: 'NC', role: 'premium' },
  { fullName: 'Whitney Coleman', city: 'Durham', state: 'NC', role: 'basic' },
];

export const SEED_NEIGHBOURS: readonly Neighbour[] = [
  ...FLORIDA.map(([fullName, city], i) => ({
    fullName,
    city,
    state: 'FL',
    role: i % 3 === 0 ? ('premium' as const) : ('basic' as const),
  })),
  ...ELSEWHERE,
];

const emailOf = (fullName: string) => `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}@community.rainmakers.local`;

export async function seed(ctx: SeedContext): Promise<void> {
  const admin = await ctx.signInAs(ctx.people.admin.email, ctx.people.admin.password);
  let created = 0;
  for (const neighbour of SEED_NEIGHBOURS) {
    const email = emailOf(neighbour.fullName);
    const found = await admin.get<{ users: { email: string }[] }>(
      `/api/user/read-many?search=${encodeURIComponent(email)}&usersPerPage=5`,
    );
    if (found.users.some((u) => u.email === email)) continue;
    await admin.post('/api/user/upsert', {
      fullName: neighbour.fullName,
      email,
      role: neighbour.role,
      city: neighbour.city,
      state: neighbour.state,
      country: 'United States',
    });
    created++;
  }
  if (created > 0) ctx.log(`seeded ${created} community members (Community Search)`);
}
