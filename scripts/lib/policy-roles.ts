/**
 * The roles each policy named by the API catalogue admits, evaluated from the policy functions themselves: the
 * function is called with an actor of every role (the caller's session passed the second factor, no sign-in-as) and
 * the catalogue entry's probe. `npm run docs:api` writes the result to gateway/src/openapi/policy-roles.ts, which the
 * gateway reads at run time (its image holds no service code); scripts/route-access.test.ts fails when it is stale.
 */
import { ROLES, type Role } from '@rainmakers/contracts';
import { buildActor } from '@rainmakers/kit/testing';
import { API_ROUTES, type PolicyAccess, policyKey } from '../../gateway/src/openapi/catalogue';
import type { PolicyRoles } from '../../gateway/src/openapi/policy-roles';
import * as gateway from '../../gateway/src/policies';
import * as auth from '../../services/auth/src/policies';
import * as billing from '../../services/billing/src/policies';
import * as board from '../../services/board/src/policies';
import * as courses from '../../services/courses/src/policies';
import * as resources from '../../services/resources/src/policies';
import * as tools from '../../services/tools/src/policies';
import * as users from '../../services/users/src/policies';

export const POLICY_MODULES: Record<string, Record<string, unknown>> = {
  gateway,
  auth,
  users,
  courses,
  board,
  tools,
  resources,
  billing,
};

/** The id the evaluated caller has (a catalogue probe about "another person" uses another). */
export const CALLER_ID = 1;

type Policy = (actor: unknown, ...probe: unknown[]) => unknown;

/** The policy function a catalogue entry names, or null when its service's policies have none of that name. */
export function policyFunction(name: string): Policy | null {
  const [service = '', functionName = ''] = name.split('.');
  const found = POLICY_MODULES[service]?.[functionName];
  return typeof found === 'function' ? (found as Policy) : null;
}

/** The roles the policy admits, in ROLES order. */
export function admittedRoles(policy: Policy, probe: readonly unknown[]): Role[] {
  return ROLES.filter(
    (role) =>
      policy(buildActor(role, { userId: CALLER_ID, secondFactor: true, impersonatorId: null }), ...probe) === true,
  );
}

/** Every policy the catalogue names, with the roles it admits. */
export function evaluatePolicyRoles(): PolicyRoles {
  const table: Record<string, Role[]> = {};
  const named = API_ROUTES.map((route) => route.access).filter((a): a is PolicyAccess => typeof a === 'object');
  for (const access of named) {
    const policy = policyFunction(access.policy);
    if (!policy) throw new Error(`${access.policy}: no such policy function`);
    table[policyKey(access)] = admittedRoles(policy, access.probe);
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
}

/** gateway/src/openapi/policy-roles.ts as `npm run docs:api` writes it (formatted as biome would). */
export function renderPolicyRoles(table: PolicyRoles): string {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const rows = Object.entries(table).map(([key, roles]) => `  ${quote(key)}: [${roles.map(quote).join(', ')}],`);
  return `/**
 * Written by \`npm run docs:api\` (scripts/lib/policy-roles.ts): the roles each policy named by the API catalogue
 * admits, evaluated from the services' policy functions. Not edited by hand; scripts/route-access.test.ts fails when
 * it is stale.
 */
import type { Role } from '@rainmakers/contracts';

export type PolicyRoles = Readonly<Record<string, readonly Role[]>>;

export const POLICY_ROLES: PolicyRoles = {
${rows.join('\n')}
};
`;
}
