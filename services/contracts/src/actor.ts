import { z } from 'zod';
import { roleSchema, type SecondFactorSettings, sessionRoles } from './roles';

/**
 * The access profile of the person behind a request, as the gateway forwards it to services
 * inside a short-lived internal token. Services trust nothing else about who is calling.
 */
export const actorSchema = z.object({
  userId: z.number().int().positive(),
  sessionId: z.string(),
  /** The role the person acts in: an admin previewing the product as another role gets that role here. */
  role: roleSchema,
  /** The role stored on the account. */
  accountRole: roleSchema,
  /** Set while an admin has switched the displayed role. */
  isAdmin: z.boolean(),
  tagIds: z.array(z.number().int()),
  tagNames: z.array(z.string()),
  stripeStatus: z.string().nullable(),
  alwaysGrantAccess: z.boolean(),
  /** The admin who signed in as this person, when they did. */
  impersonatorId: z.number().int().nullable(),
  /**
   * When the account was created (ISO 8601), for rules that depend on it (the Move the Needle cut-off in
   * board-access.ts). Absent or null while the gateway holds a profile cached before the field existed (until the
   * account's next change or the cache's TTL), and in tokens minted before the field existed.
   */
  createdAt: z.string().nullish(),
  /**
   * The account's e-mail address, for mail a person sends to herself (the qualifier's results). Absent or
   * null while the gateway holds a profile cached before the field existed, and in tokens minted before it.
   */
  email: z.string().nullish(),
  /**
   * The session's sign-in passed the second factor. Absent in tokens minted before the field existed: treated as
   * false. Without it an account role that needs one is withheld (`withSecondFactorRule`).
   */
  secondFactor: z.boolean().nullish(),
  /** The account role withheld from a session that has not passed the second factor; null or absent otherwise. */
  withheldRole: roleSchema.nullish(),
});
export type Actor = z.infer<typeof actorSchema>;

/**
 * The role stored on the account, withheld or not: for rules about the account itself (whether it must keep its
 * second factor, which message explains a refusal), never for granting a power.
 */
export const storedRoleOf = (actor: Pick<Actor, 'accountRole' | 'withheldRole'>) =>
  actor.withheldRole ?? actor.accountRole;

/**
 * The actor under the one rule for staff powers (access.ts `sessionRoles`): an account role that needs a second
 * factor, in a session that has not passed it, is replaced by the stand-in role everywhere the actor is read, with
 * no switched role. Idempotent, so the gateway that builds the actor and the kit that reads it both apply it.
 */
export function withSecondFactorRule(actor: Actor, settings: SecondFactorSettings): Actor {
  const roles = sessionRoles(actor.accountRole, null, actor.secondFactor === true, settings);
  if (roles.withheldRole === null) return actor;
  return {
    ...actor,
    role: roles.role,
    accountRole: roles.accountRole,
    isAdmin: false,
    withheldRole: roles.withheldRole,
  };
}

/** The cached access profile of an account (what users.user-changed keeps fresh at the gateway). */
export const accessProfileSchema = z.object({
  userId: z.number().int().positive(),
  role: roleSchema,
  tagIds: z.array(z.number().int()),
  tagNames: z.array(z.string()),
  stripeStatus: z.string().nullable(),
  alwaysGrantAccess: z.boolean(),
  /** When the account was created (ISO 8601). Optional: profiles cached before the field existed lack it. */
  createdAt: z.string().optional(),
  /** The account's e-mail address. Optional: profiles cached before the field existed lack it. */
  email: z.string().optional(),
  /** Monotonic version of the account; a cache never replaces a newer profile with an older one. */
  version: z.number().int(),
});
export type AccessProfile = z.infer<typeof accessProfileSchema>;
