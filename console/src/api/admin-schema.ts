// Reading the generated admin API types (admin-api.generated.ts, `npm run console:types`): a
// named schema, an operation's JSON answer, or its JSON request body.
import type { components, paths } from './admin-api.generated.ts';

export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of an operation's 200 answer. */
export type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: { 200: infer Ok } }
  ? Json<Ok>
  : never;

/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer Body }
  ? Json<NonNullable<Body>>
  : never;
