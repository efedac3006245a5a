import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';

import type { ApiPaths } from './api-paths';
import type { components } from './api-schema.gen';

/**
 * The API lives on the portal's own origin; the OpenAPI paths already start with `/api`. The origin
 * is spelled out because a Request needs an absolute URL outside browsers (tests).
 */
export const API_BASE_URL = globalThis.location?.origin ?? '';

/** The header that must repeat the `csrf` cookie on every request that changes anything. */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_COOKIE = 'csrf';
/** The CSRF cookie's name when the portal is served over https (a `__Host-` cookie). */
export const HOST_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;

/** The error body as the BFF's OpenAPI document describes it (RFC 9457 problem details). */
type ProblemDetailsBody = components['schemas']['ProblemDetails'];

/** One invalid field of a request, as the BFF reports it in `errors`. */
export type ApiFieldError = components['schemas']['ProblemFieldError'];

/**
 * The problem details of a failed answer as the portal keeps them: the generated body's fields,
 * those a proxy's answer may lack made optional, plus the wait a 429's or 503's `Retry-After` asks.
 */
export type ProblemDetails = Pick<ProblemDetailsBody, 'status' | 'code' | 'title'> &
  Partial<Pick<ProblemDetailsBody, 'detail' | 'requestId' | 'errors'>> & {
    /** Seconds to wait before asking again, from a 429's or 503's `Retry-After`. */
    retryAfterSeconds?: number;
    /**
     * The problem's other members (RFC 9457 extensions), such as the current claim of a 412
     * `stale` or the `allowedActions` of a 409: the screen that knows their shape reads them.
     */
    extensions?: Readonly<Record<string, unknown>>;
  };

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
  readonly retryAfterSeconds: number | undefined;
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(problem: ProblemDetails) {
    super(problem.detail ?? problem.title);
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.requestId = problem.requestId;
    this.errors = problem.errors ?? [];
    this.retryAfterSeconds = problem.retryAfterSeconds;
    this.extensions = problem.extensions ?? {};
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

/** `Retry-After` is either a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The members every problem has; the rest are its extensions. */
const PROBLEM_MEMBERS: ReadonlySet<string> = new Set([
  'type',
  'title',
  'status',
  'detail',
  'instance',
  'code',
  'requestId',
  'errors',
]);

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
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    extensions: Object.fromEntries(
      Object.entries(problem).filter(([member]) => !PROBLEM_MEMBERS.has(member)),
    ),
  });
}

/** Turns every non-2xx response into a rejected promise carrying an {@link ApiError}. */
export const problemDetailsMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await parseProblemDetails(response);
    return undefined;
  },
};

/** The value of a cookie readable by script, or undefined. */
export function readCookie(
  name: string,
  cookies: string = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const withCsrfToken = (request: Request, readCsrfToken: () => string | undefined): Request => {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return request;
  const token = readCsrfToken();
  if (token === undefined) request.headers.delete(CSRF_HEADER);
  else request.headers.set(CSRF_HEADER, token);
  return request;
};

/** Sends the `csrf` cookie back as `X-CSRF-Token` on POST, PUT, PATCH and DELETE (docs/api.md, CSRF). */
export function csrfMiddleware(readCsrfToken: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      return withCsrfToken(request, readCsrfToken);
    },
  };
}

/** Calls under /api/auth/ answer 401 for their own reasons (wrong password); they never refresh. */
const isAuthPath = (url: string): boolean => new URL(url).pathname.startsWith('/api/auth/');

type SessionExpiredListener = () => void;

const sessionExpiredListeners = new Set<SessionExpiredListener>();

/**
 * Subscribes to the end of the session: a call was refused with 401 and the refresh token could not
 * renew it. The app clears the session and sends the person to sign in. Returns the unsubscribe.
 */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

const announceSessionExpired = (): void => {
  for (const listener of [...sessionExpiredListeners]) listener();
};

interface SessionRefreshOptions {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  readCsrfToken: () => string | undefined;
  sessionExpired: () => void;
}

/**
 * The access cookie lives 15 minutes. A 401 from any call outside /api/auth/ renews it once with
 * POST /api/auth/refresh, then sends the original request again, once. Concurrent 401s wait for the
 * same refresh: the refresh token rotates on every use, and a second use of the old one would end
 * the whole session. When the refresh fails the session is over.
 */
export function sessionRefreshMiddleware(options: SessionRefreshOptions): Middleware {
  // The body of a request is consumed when it is sent; the copy is what a retry sends.
  const copies = new WeakMap<Request, Request>();
  let refreshing: Promise<boolean> | undefined;

  const refresh = (): Promise<boolean> => {
    refreshing ??= (async () => {
      try {
        const request = new Request(`${options.baseUrl}/api/auth/refresh`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        const response = await options.fetch(withCsrfToken(request, options.readCsrfToken));
        return response.ok;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  return {
    onRequest({ request }) {
      if (!isAuthPath(request.url)) copies.set(request, request.clone());
      return undefined;
    },
    async onResponse({ request, response }) {
      const copy = copies.get(request);
      copies.delete(request);
      if (response.status !== 401 || copy === undefined) return undefined;

      if (!(await refresh())) {
        options.sessionExpired();
        return undefined;
      }
      const retried = await options.fetch(withCsrfToken(copy, options.readCsrfToken));
      if (retried.status === 401) options.sessionExpired();
      return retried;
    },
  };
}

export type ApiClient = Client<ApiPaths>;

export interface ApiClientOptions extends Pick<ClientOptions, 'baseUrl'> {
  /** The network; defaults to the global `fetch`, looked up at each call. */
  fetch?: (request: Request) => Promise<Response>;
  /** Reads the CSRF token; defaults to the `csrf` cookie. */
  readCsrfToken?: () => string | undefined;
  /** Called when the session is over; defaults to notifying {@link onSessionExpired} listeners. */
  onSessionExpired?: () => void;
}

/**
 * The one HTTP client of the portal, typed from the BFF's OpenAPI document. Cookies travel only to
 * our own origin. Middlewares: the CSRF header, refresh-and-retry on 401, problem details.
 */
export function createApiClient<Paths extends object = ApiPaths>(
  options: ApiClientOptions = {},
): Client<Paths> {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const readCsrfToken =
    options.readCsrfToken ?? (() => readCookie(HOST_CSRF_COOKIE) ?? readCookie(CSRF_COOKIE));
  const client = createClient<Paths>({
    baseUrl,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    fetch: send,
  });
  // Responses pass the middlewares in reverse order: refresh first, problem details last.
  client.use(problemDetailsMiddleware);
  client.use(csrfMiddleware(readCsrfToken));
  client.use(
    sessionRefreshMiddleware({
      baseUrl,
      fetch: send,
      readCsrfToken,
      sessionExpired: options.onSessionExpired ?? announceSessionExpired,
    }),
  );
  return client;
}

export const apiClient: ApiClient = createApiClient();
