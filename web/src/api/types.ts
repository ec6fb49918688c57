/**
 * The API's answers, typed from the OpenAPI document: schema.gen.ts is what openapi-typescript makes of it
 * (`npm run docs:api`; a test fails when it is stale). The API layer reads every answer through `ApiAnswer`, so a
 * contract change the web does not follow fails the web's typecheck instead of a screen. Types only: nothing here
 * reaches the bundle.
 */
import type { components, paths } from './schema.gen';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON body of a response object of the document. */
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON answer of a call when it succeeds: `ApiAnswer<'/api/user/overview/{id}', 'get'>`. */
export type ApiAnswer<Path extends keyof paths, M extends Method> = paths[Path][M] extends { responses: infer R }
  ? JsonBody<R[Extract<keyof R, 200 | 201 | 202>]>
  : never;

/**
 * A person of `GET /api/user/read-many`: the users service answers each caller its own view of people (staff the
 * full record, members the community card, a member asking for coaches their contact), one union in the document.
 */
export type ListedPerson = ApiAnswer<'/api/user/read-many', 'get'>['users'][number];

/** A named schema of the document: `ApiSchema<'DashboardAnswer'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
