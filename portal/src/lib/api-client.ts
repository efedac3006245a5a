import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';

import type { components, paths } from './api-schema.gen';

/** The API lives on the portal's own origin; the OpenAPI paths already start with `/api`. */
export const API_BASE_URL = '';

/** The error body as the BFF's OpenAPI document describes it. */
type ProblemDetailsBody = components['schemas']['ProblemDetails'];

/** One invalid field of a request, as the BFF reports it in `errors`. */
export interface ApiFieldError {
  field: string;
  message: string;
}

/** The RFC 9457 problem details every error response of the BFF carries. */
export interface ProblemDetails {
  status: number;
  code: string;
  title: string;
  detail?: string;
  requestId?: string;
  errors?: ApiFieldError[];
}

/**
 * A non-2xx answer of the API. Every call through {@link apiClient} rejects with one of these, so
 * screens branch on `status` and `code` (stable machine words such as `validation` or `not_found`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;
  readonly errors: readonly ApiFieldError[];

  constructor(problem: ProblemDetails) {
    super(problem.detail ?? problem.title);
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.requestId = problem.requestId;
    this.errors = problem.errors ?? [];
  }
}

/** Used when the body is not problem details (a proxy's HTML error page, an empty 502). */
export const UNKNOWN_ERROR_CODE = 'unknown';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (
  body: Record<string, unknown>,
  key: keyof ProblemDetailsBody,
): string | undefined => {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const fieldErrors = (value: unknown): ApiFieldError[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string'
      ? [{ field: entry.field, message: entry.message }]
      : [],
  );
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Reads a failed response into an {@link ApiError}; tolerant of bodies that are not problem details. */
export async function parseProblemDetails(response: Response): Promise<ApiError> {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  const body = parseJson(text);
  const problem = isRecord(body) ? body : {};
  const fallbackTitle = response.statusText || `Request failed with status ${response.status}`;

  return new ApiError({
    // The status line is the truth; a body that disagrees with it does not win.
    status: response.status,
    code: stringField(problem, 'code') ?? UNKNOWN_ERROR_CODE,
    title: stringField(problem, 'title') ?? fallbackTitle,
    detail: stringField(problem, 'detail'),
    requestId:
      stringField(problem, 'requestId') ?? response.headers.get('X-Request-Id') ?? undefined,
    errors: fieldErrors(problem['errors' satisfies keyof ProblemDetailsBody]),
  });
}

/** Turns every non-2xx response into a rejected promise carrying an {@link ApiError}. */
export const problemDetailsMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await parseProblemDetails(response);
    return undefined;
  },
};

export type ApiClient = Client<paths>;

export type ApiClientOptions = Pick<ClientOptions, 'baseUrl' | 'fetch'>;

/**
 * The one HTTP client of the portal, typed from the BFF's OpenAPI document. Cookies travel only to
 * our own origin. Cross-cutting concerns (CSRF header, refresh and retry) belong in middlewares
 * registered here with `client.use(...)`.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? API_BASE_URL,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(problemDetailsMiddleware);
  return client;
}

export const apiClient = createApiClient();
