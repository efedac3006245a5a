import type { paths } from './api-schema.gen';

/** Every path of the API, as the BFF's OpenAPI document describes it. */
export type ApiPaths = paths;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The statuses of a successful answer the BFF sends. */
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body of one answer; `undefined` for an answer without one (204). */
type JsonContent<Answer> = Answer extends { content: { 'application/json': infer Body } }
  ? Body
  : undefined;

/** The body of an operation's successful answer, whichever of 200, 201, 202 or 204 it declares. */
export type SuccessData<Operation> = Operation extends { responses: infer Answers }
  ? { [Status in keyof Answers & SuccessStatus]: JsonContent<Answers[Status]> }[keyof Answers &
      SuccessStatus]
  : never;

/** The operation of a path and method in a paths table. */
type OperationOf<Paths, P extends keyof Paths, M extends Method> = Paths[P][M & keyof Paths[P]];

/**
 * The JSON body of a path's successful answer, e.g. `ApiData<'/api/me', 'get'>`: a 201's created
 * resource, `undefined` for a 204.
 */
export type ApiData<P extends keyof ApiPaths, M extends Method> = SuccessData<
  OperationOf<ApiPaths, P, M>
>;

/** The JSON request body of a path. */
export type ApiBody<P extends keyof ApiPaths, M extends Method> =
  OperationOf<ApiPaths, P, M> extends {
    requestBody?: { content: { 'application/json': infer T } };
  }
    ? T
    : never;

/** The query parameters of a path's operation (a list's filters, sort and cursor). */
export type ApiQuery<P extends keyof ApiPaths, M extends Method> = NonNullable<
  OperationOf<ApiPaths, P, M> extends { parameters: { query?: infer Query } } ? Query : never
>;
