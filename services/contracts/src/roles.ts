import { z } from 'zod';
import { ROLES } from './access';

// The values live in the zod-free module the web imports into its first load.
export {
  BLOCKING_STRIPE_STATUSES,
  COMMUNITY_ROLES,
  canResetSecondFactor,
  displayedRole,
  isBlockingStripeStatus,
  isCommunityRole,
  isRole,
  isSubscriptionBlocked,
  PUBLIC_ROUTE,
  ROLES,
  type SecondFactorSettings,
  type SessionAbilities,
  type SessionFacts,
  STRIPE_STATUSES,
  secondFactorRequired,
  sessionAbilities,
  sessionRoles,
  WITHHELD_STAFF_STAND_IN_ROLE,
} from './access';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
