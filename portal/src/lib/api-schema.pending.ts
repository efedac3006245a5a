import type { components } from './api-schema.gen';

/**
 * TEMPORARY: the staff endpoint of docs/api.md (issue 20) that bff/openapi.json does not describe
 * yet (PUT …/assignee), in the shape openapi-typescript writes. Deleted as soon as the BFF's branches land and
 * `api:generate` writes them into api-schema.gen.ts.
 */

type Schemas = components['schemas'];
type Json<Body> = { headers: { [name: string]: unknown }; content: { 'application/json': Body } };
type Problem = Json<Schemas['ProblemDetails']>;

type Unused = {
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

export interface pendingPaths {
  '/api/partners/{partnerSlug}/claims/{id}/assignee': Omit<Unused, 'put'> & {
    parameters: NoParameters;
    get?: never;
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: { partnerSlug: unknown; id: string };
        cookie?: never;
      };
      requestBody: { content: { 'application/json': { userId: string | null } } };
      responses: { 200: Json<Schemas['Claim']>; 400: Problem; 401: Problem; 403: Problem };
    };
  };
}
