import type { EventData, User } from '@rainmakers/contracts';
import { HttpError } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { findPerson, savePerson } from '../store/people';

type Deps = Pick<AuthDeps, 'db' | 'users' | 'logger'>;

export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
const unavailable = () =>
  new HttpError(503, 'Sign-in is unavailable right now. Please try again in a moment.', undefined, SERVICE_UNAVAILABLE);

/** A users.user-changed payload as the contracts' User (what the currentUser presenter reads). */
export function personFromEvent(data: EventData<'users.user-changed'>): User {
  return {
    id: data.id,
    fullName: data.fullName,
    email: data.email,
    role: data.role,
    photoUrl: data.photoUrl,
    city: data.city,
    state: data.state,
    country: data.country,
    phoneNumber: data.phoneNumber,
    stripeStatus: data.stripeStatus,
    stripeCustomerId: data.stripeCustomerId,
    alwaysGrantAccess: data.alwaysGrantAccess,
    createdAt: data.createdAt,
    theme: data.theme,
    timeZone: data.timeZone ?? null,
    Tags: data.tagIds.map((id, i) => ({ id, name: data.tagNames[i] ?? '' })),
    Resources: data.resources.map((r) => ({ id: r.id, title: r.title })),
  };
}

/** A person and the version of auth's copy (users' version; 0 when fetched from users before any event). */
export interface PersonCopy {
  user: User;
  version: number;
}

/**
 * The person from auth's own copy (kept from users' events). Only a person auth has never heard of (e.g. created
 * before the copy existed) costs one call to users, whose answer is kept; users down and no copy -> 503.
 * null: users does not know the person.
 */
export async function loadPersonCopy(deps: Deps, userId: number): Promise<PersonCopy | null> {
  const local = await findPerson(deps.db, userId);
  if (local) return { user: local.person, version: local.version };
  let fetched: User | null;
  try {
    fetched = await deps.users.getUser(userId);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw error;
    deps.logger.warn({ err: error, userId }, 'users unavailable and no local copy of the person');
    throw unavailable();
  }
  if (fetched) await savePerson(deps.db, fetched, 0, new Date());
  return fetched ? { user: fetched, version: 0 } : null;
}

export async function loadPerson(deps: Deps, userId: number): Promise<User | null> {
  return (await loadPersonCopy(deps, userId))?.user ?? null;
}
