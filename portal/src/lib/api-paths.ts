import type { paths } from './api-schema.gen';

/** Every path of the API, as the BFF's OpenAPI document describes it. */
export type ApiPaths = paths;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of a path's 200 answer, e.g. `ApiData<'/api/me', 'get'>`. */
export type ApiData<P extends keyof ApiPaths, M extends Method> = ApiPaths[P][M &
  keyof ApiPaths[P]] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/** The JSON request body of a path. */
export type ApiBody<P extends keyof ApiPaths, M extends Method> = ApiPaths[P][M &
  keyof ApiPaths[P]] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;
