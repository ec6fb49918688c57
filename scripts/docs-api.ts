/**
 * `npm run docs:api`: writes gateway/src/openapi/policy-roles.ts (the roles the catalogue's policies admit, evaluated
 * from the services' policy functions), then docs/api.md from the OpenAPI document (gateway/src/openapi) and the
 * web's types of it (web/src/api/schema.gen.ts, openapi-typescript). scripts/openapi.test.ts and
 * scripts/route-access.test.ts fail when any of them is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../gateway/src/openapi/document';
import { renderApiMarkdown } from '../gateway/src/openapi/markdown';
import { API_TYPES_TS, renderApiTypes } from './lib/api-types';
import { evaluatePolicyRoles, renderPolicyRoles } from './lib/policy-roles';

export const API_MD = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');
export const POLICY_ROLES_TS = path.resolve(import.meta.dirname, '..', 'gateway', 'src', 'openapi', 'policy-roles.ts');

const policyRoles = evaluatePolicyRoles();
writeFileSync(POLICY_ROLES_TS, renderPolicyRoles(policyRoles));
console.log(`wrote ${path.relative(process.cwd(), POLICY_ROLES_TS)}`);
const document = buildOpenApiDocument(policyRoles);
writeFileSync(API_MD, renderApiMarkdown(document));
console.log(`wrote ${path.relative(process.cwd(), API_MD)}`);
writeFileSync(API_TYPES_TS, await renderApiTypes(document));
console.log(`wrote ${path.relative(process.cwd(), API_TYPES_TS)}`);
