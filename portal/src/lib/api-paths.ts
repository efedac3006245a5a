import type { paths as GeneratedPaths } from './api-schema.gen';

/*
 * The identity endpoints of API.md that the BFF's OpenAPI document does not describe yet. They are
 * typed here in the generated shape, from the contract, so the portal codes against them today; each
 * entry goes as soon as `api:generate` brings the BFF's own description of that path.
 */

type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type PathParameters<P> = { query?: never; header?: never; path: P; cookie?: never };
type JsonContent<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type NoContent = { headers: { [name: string]: unknown }; content?: never };
type JsonBody<T> = { content: { 'application/json': T } };

type Operation<Parameters, Body, Responses> = {
  parameters: Parameters;
  requestBody: JsonBody<Body>;
  responses: Responses;
};

type GetOperation<Parameters, Responses> = {
  parameters: Parameters;
  requestBody?: never;
  responses: Responses;
};

interface EmptyPathItem {
  parameters: NoParameters;
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
}

type PathItem<Methods> = Omit<EmptyPathItem, keyof Methods> & Methods;

type MembershipRole = 'viewer' | 'manager' | 'admin';

interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Staff may open any partner's area. */
  isStaff: boolean;
}

interface SessionMembership {
  partner: { slug: string; name: string };
  role: MembershipRole;
}

interface SessionBody {
  user: SessionUser;
  memberships: SessionMembership[];
}

interface InvitationBody {
  email: string;
  partner: { slug: string; name: string };
  role: MembershipRole;
  expiresAt: string;
}

interface PartnerBody {
  slug: string;
  name: string;
  currency: string;
  timeZone: string;
  status: 'active' | 'suspended';
  /** The person's role there; null for staff who are not a member. */
  role: MembershipRole | null;
}

interface PendingPaths {
  '/api/auth/signin': PathItem<{
    post: Operation<
      NoParameters,
      { email: string; password: string },
      { 200: JsonContent<SessionBody> }
    >;
  }>;
  '/api/auth/signout': PathItem<{
    post: GetOperation<NoParameters, { 204: NoContent }>;
  }>;
  '/api/auth/refresh': PathItem<{
    post: GetOperation<NoParameters, { 200: NoContent }>;
  }>;
  '/api/me': PathItem<{
    get: GetOperation<NoParameters, { 200: JsonContent<SessionBody> }>;
  }>;
  '/api/auth/forgot-password': PathItem<{
    post: Operation<NoParameters, { email: string }, { 202: NoContent }>;
  }>;
  '/api/auth/reset-password': PathItem<{
    post: Operation<NoParameters, { token: string; password: string }, { 204: NoContent }>;
  }>;
  '/api/auth/invitations/{token}': PathItem<{
    get: GetOperation<PathParameters<{ token: string }>, { 200: JsonContent<InvitationBody> }>;
  }>;
  '/api/auth/invitations/{token}/accept': PathItem<{
    post: Operation<
      PathParameters<{ token: string }>,
      { name: string; password: string },
      { 200: JsonContent<SessionBody> }
    >;
  }>;
  '/api/partners/{partnerSlug}': PathItem<{
    get: GetOperation<PathParameters<{ partnerSlug: string }>, { 200: JsonContent<PartnerBody> }>;
  }>;
}

/** Every path of the API the portal calls: the generated ones, and the pending ones not yet generated. */
export type ApiPaths = GeneratedPaths & Omit<PendingPaths, keyof GeneratedPaths>;

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
