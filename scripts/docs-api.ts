/**
 * `npm run docs:api`: writes docs/api.md from the OpenAPI document (gateway/src/openapi). scripts/openapi.test.ts
 * fails when docs/api.md is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../gateway/src/openapi/document';
import { renderApiMarkdown } from '../gateway/src/openapi/markdown';

export const API_MD = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');

writeFileSync(API_MD, renderApiMarkdown(buildOpenApiDocument()));
console.log(`wrote ${path.relative(process.cwd(), API_MD)}`);
