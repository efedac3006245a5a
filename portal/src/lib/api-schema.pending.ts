import type { components } from './api-schema.gen';

/**
 * TEMPORARY: the staff endpoints of docs/api.md (issue 20) that bff/openapi.json does not describe
 * yet, in the shape openapi-typescript writes. Deleted as soon as the BFF's branches land and
 * `api:generate` writes them into api-schema.gen.ts.
 */

type Schemas = components['schemas'];
type Json<Body> = { headers: { [name: string]: unknown }; content: { 'application/json': Body } };
type Problem = Json<Schemas['ProblemDetails']>;

type StaffQueueClaim = Schemas['Claim'] & {
  partner: { slug: string; name: string };
  overdue: boolean;
};

type Page<Row> = {
  items: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
};

type StaffPartner = {
  slug: string;
  name: string;
  status: string;
  openClaims: number;
  waitingClaims: number;
  oldestWaitingSince: string | null;
};

type StaffSummary = {
  waiting: number;
  overdue: number;
  oldestWaitingSince: string | null;
  decidedLast7Days: number;
  medianDaysToDecision30d: number | null;
};

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
  '/api/staff/claims': Unused & {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: {
          limit?: number;
          sort?:
            | 'waitingSince'
            | '-waitingSince'
            | 'amountClaimed'
            | '-amountClaimed'
            | 'submittedAt'
            | '-submittedAt';
          cursor?: string;
          q?: string;
          status?: string;
          partner?: string;
          type?: Schemas['ClaimType'];
          assignee?: string;
          minAmount?: number;
          maxAmount?: number;
          overdue?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: Json<Page<StaffQueueClaim>>; 400: Problem; 401: Problem; 403: Problem };
    };
  };
  '/api/staff/summary': Unused & {
    parameters: NoParameters;
    get: {
      parameters: NoParameters;
      requestBody?: never;
      responses: { 200: Json<StaffSummary>; 401: Problem; 403: Problem };
    };
  };
  '/api/staff/partners': Unused & {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: { limit?: number; sort?: string; cursor?: string; q?: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: Json<Page<StaffPartner>>; 400: Problem; 401: Problem; 403: Problem };
    };
  };
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
