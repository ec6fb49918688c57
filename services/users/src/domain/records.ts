/** The shapes the domain rules work on; the store reads and writes them (store/users.ts). */
import type { Role, SortOrder, Tag, ThemePreference, UserSort } from '@rainmakers/contracts';

/** A person as the service works with them (camelCase; the rest of the service never sees columns). */
export interface UserRecord {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  /** The colour scheme chosen on /profile. */
  theme: ThemePreference;
  /** The IANA time zone she chose or her browser reported; null: none yet (mails then use UTC). */
  timeZone: string | null;
  stripeStatus: string | null;
  stripeCustomerId: string | null;
  alwaysGrantAccess: boolean;
  createdAt: Date;
  version: number;
  /** The last invitation e-mail asked for and the last sign-in; null: never. */
  invitedAt: Date | null;
  lastSignInAt: Date | null;
  /** Sorted by name; `grantedAt` when she gained it (read with the person's details). */
  tags: (Tag & { grantedAt?: Date })[];
  /** Purchased resources (read model), sorted by title. */
  resources: { id: number; title: string }[];
}

export interface UserSearch {
  /** Matched as a substring (ILIKE, served by trigram indexes). */
  search?: string;
  /** Whether `search` also looks at e-mail addresses (staff only). */
  searchEmail: boolean;
  /** null = every role. An empty list matches nobody. */
  roles: Role[] | null;
  stripeStatus?: string;
  cityOrState?: string;
  /** People holding this tag. */
  tagId?: number;
  /** Every blocking subscription status (BLOCKING_STRIPE_STATUSES). */
  paymentProblems?: boolean;
  /** Joined at or after this instant. */
  joinedFrom?: Date;
  /** Joined before this instant. */
  joinedTo?: Date;
  /** The order of the page (ties by id, the same way); newest first when left out. */
  sort?: UserSort;
  order?: SortOrder;
  limit: number;
  offset: number;
  /** Load tags and resources of each user on the page. */
  details: boolean;
  /**
   * The community list: only people who stay listed, never the viewer herself, and those who share a
   * city or state before those who do not (then newest first).
   */
  community?: { viewerId: number };
}
