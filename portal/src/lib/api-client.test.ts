import {
  ApiError,
  createApiClient,
  parseRetryAfter,
  readCookie,
  UNKNOWN_ERROR_CODE,
} from './api-client';

const problemJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });

/** A client whose network is a recorded function, so requests can be inspected. */
function clientAnswering(response: Response) {
  const sent: Request[] = [];
  const fetch = jest.fn(async (request: Request) => {
    sent.push(request);
    return response;
  });
  return { client: createApiClient({ baseUrl: 'http://portal.test', fetch }), sent };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('returns the data of a successful response', async () => {
    const { client, sent } = clientAnswering(Response.json({ status: 'ok' }));

    const { data } = await client.GET('/api/health/live');

    expect(data).toEqual({ status: 'ok' });
    expect(sent[0]?.url).toBe('http://portal.test/api/health/live');
    expect(sent[0]?.credentials).toBe('same-origin');
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('turns problem details into an ApiError', async () => {
    const { client } = clientAnswering(
      problemJson(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Some fields are invalid.',
        code: 'validation',
        requestId: 'req-1',
        errors: [{ field: 'email', message: 'must be an email' }, { field: 7 }],
      }),
    );

    const error = await rejectionOf(client.GET('/api/health/ready'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'validation',
      title: 'Bad Request',
      detail: 'Some fields are invalid.',
      message: 'Some fields are invalid.',
      requestId: 'req-1',
      errors: [{ field: 'email', message: 'must be an email' }],
    });
  });

  it('keeps the problem’s extension members, such as the current claim of a 412', async () => {
    const { client } = clientAnswering(
      problemJson(412, {
        type: 'about:blank',
        title: 'Precondition Failed',
        status: 412,
        code: 'stale',
        requestId: 'req-3',
        claim: { id: 'c-1', version: 4 },
      }),
    );

    const error = await rejectionOf(client.GET('/api/health/live'));

    expect(error).toMatchObject({ status: 412, code: 'stale' });
    expect((error as ApiError).extensions).toEqual({ claim: { id: 'c-1', version: 4 } });
  });

  it('takes the request id from the header when the body has none', async () => {
    const { client } = clientAnswering(
      problemJson(
        404,
        { title: 'Not Found', status: 404, code: 'not_found' },
        { 'X-Request-Id': 'req-2' },
      ),
    );

    const error = await rejectionOf(client.GET('/api/health/live'));

    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req-2', errors: [] });
  });

  it('reads Retry-After into seconds', async () => {
    const { client } = clientAnswering(
      problemJson(
        429,
        { title: 'Too Many Requests', code: 'rate_limited' },
        { 'Retry-After': '900' },
      ),
    );

    const error = await rejectionOf(client.GET('/api/health/live'));

    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 900 });
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('trusts the status line over the body', async () => {
    const { client } = clientAnswering(problemJson(503, { title: 'Oops', status: 200, code: 'x' }));

    const error = await rejectionOf(client.GET('/api/health/live'));

    expect(error).toMatchObject({ status: 503, title: 'Oops', code: 'x' });
  });

  it('still yields an ApiError when the body is not problem details', async () => {
    const { client } = clientAnswering(
      new Response('<html>Bad gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
    );

    const error = await rejectionOf(client.GET('/api/health/live'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: UNKNOWN_ERROR_CODE,
      title: 'Bad Gateway',
      detail: undefined,
      requestId: undefined,
      errors: [],
    });
  });
});

/** Paths of the kind the refresh cares about: outside /api/auth/, with and without a body. */
interface TestPaths {
  '/api/things': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': { name: string } } };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
  };
  '/api/auth/signin': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': { email: string } } };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
  };
}

const unauthorized = () =>
  problemJson(401, { title: 'Unauthorized', status: 401, code: 'unauthorized' });

const describeRequest = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

/**
 * A network on which the access cookie is expired until POST /api/auth/refresh succeeds (or never,
 * when `refreshSucceeds` is false). Refreshing rotates the csrf cookie too.
 */
function expiringSession({ refreshSucceeds = true } = {}) {
  const sent: { line: string; csrf: string | null; body: Promise<string> }[] = [];
  const state = { signedIn: false, csrf: 'csrf-1', refreshes: 0 };
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const fetch = jest.fn(async (request: Request) => {
    sent.push({
      line: describeRequest(request),
      csrf: request.headers.get('X-CSRF-Token'),
      body: request.clone().text(),
    });
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/refresh') {
      state.refreshes += 1;
      await refreshGate;
      if (!refreshSucceeds) return unauthorized();
      state.signedIn = true;
      state.csrf = 'csrf-2';
      return new Response(null, { status: 200 });
    }
    if (path === '/api/auth/signin') return unauthorized();
    return state.signedIn ? Response.json({ n: sent.length }) : unauthorized();
  });
  const expired = jest.fn();
  const client = createApiClient<TestPaths>({
    baseUrl: 'http://portal.test',
    fetch,
    readCsrfToken: () => state.csrf,
    onSessionExpired: expired,
  });
  return { client, sent, state, expired, releaseRefresh };
}

describe('api client: CSRF', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'sends the csrf cookie as X-CSRF-Token on %s',
    async (method) => {
      const sent: Request[] = [];
      const client = createApiClient({
        baseUrl: 'http://portal.test',
        fetch: async (request) => {
          sent.push(request);
          return new Response(null, { status: 204 });
        },
        readCsrfToken: () => 'token-1',
      });

      await client.request(method.toLowerCase() as 'post', '/api/auth/signout');

      expect(sent[0]?.method).toBe(method);
      expect(sent[0]?.headers.get('X-CSRF-Token')).toBe('token-1');
    },
  );

  it('sends no CSRF header on GET', async () => {
    const { client, sent } = clientAnswering(Response.json({ status: 'ok' }));

    await client.GET('/api/health/live');

    expect(sent[0]?.headers.has('X-CSRF-Token')).toBe(false);
  });

  it('reads the token from the csrf cookie by default', async () => {
    document.cookie = 'csrf=abc%3D%3D';
    const { client, sent } = clientAnswering(new Response(null, { status: 204 }));

    await client.POST('/api/auth/signout');

    expect(sent[0]?.headers.get('X-CSRF-Token')).toBe('abc==');
    expect(readCookie('csrf', 'theme=dark; xcsrf=no; csrf=a%20b; csrf2=no')).toBe('a b');
    expect(readCookie('__Host-csrf', 'csrf=plain; __Host-csrf=prefixed')).toBe('prefixed');
    expect(readCookie('csrf', 'xcsrf=no; csrf2=no')).toBeUndefined();
    expect(readCookie('csrf', '')).toBeUndefined();
  });
});

describe('api client: refresh and retry', () => {
  it('refreshes on a 401, then sends the original request again once, body and all', async () => {
    const { client, sent, expired, releaseRefresh } = expiringSession();
    releaseRefresh();

    const { data } = await client.POST('/api/things', { body: { name: 'Ada' } });

    expect(data).toEqual({ n: 3 });
    expect(sent.map(({ line }) => line)).toEqual([
      'POST /api/things',
      'POST /api/auth/refresh',
      'POST /api/things',
    ]);
    expect(await sent[2]?.body).toBe('{"name":"Ada"}');
    // The retry carries the csrf cookie as it is after the refresh.
    expect(sent.map(({ csrf }) => csrf)).toEqual(['csrf-1', 'csrf-1', 'csrf-2']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { client, sent, state, releaseRefresh } = expiringSession();

    const calls = Promise.all([
      client.GET('/api/things'),
      client.GET('/api/things'),
      client.POST('/api/things', { body: { name: 'x' } }),
    ]);
    await waitForCalls(() => sent.length === 4);
    releaseRefresh();
    const answers = await calls;

    expect(answers.map(({ data }) => data !== undefined)).toEqual([true, true, true]);
    expect(state.refreshes).toBe(1);
    expect(sent.filter(({ line }) => line === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(sent).toHaveLength(7);
  });

  it('ends the session when the refresh fails, and rejects with the 401', async () => {
    const { client, sent, expired, releaseRefresh } = expiringSession({ refreshSucceeds: false });
    releaseRefresh();

    const error = await rejectionOf(client.GET('/api/things'));

    expect(error).toMatchObject({ status: 401 });
    expect(sent.map(({ line }) => line)).toEqual(['GET /api/things', 'POST /api/auth/refresh']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for /api/auth/ calls: their 401 means what it says', async () => {
    const { client, sent, expired, releaseRefresh } = expiringSession();
    releaseRefresh();

    const error = await rejectionOf(client.POST('/api/auth/signin', { body: { email: 'a@b.c' } }));

    expect(error).toMatchObject({ status: 401 });
    expect(sent.map(({ line }) => line)).toEqual(['POST /api/auth/signin']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('retries once only: a second 401 ends the session', async () => {
    const sent: string[] = [];
    const expired = jest.fn();
    const client = createApiClient<TestPaths>({
      baseUrl: 'http://portal.test',
      fetch: async (request) => {
        sent.push(describeRequest(request));
        return new URL(request.url).pathname === '/api/auth/refresh'
          ? new Response(null, { status: 200 })
          : unauthorized();
      },
      readCsrfToken: () => undefined,
      onSessionExpired: expired,
    });

    const error = await rejectionOf(client.GET('/api/things'));

    expect(error).toMatchObject({ status: 401 });
    expect(sent).toEqual(['GET /api/things', 'POST /api/auth/refresh', 'GET /api/things']);
    expect(expired).toHaveBeenCalledTimes(1);
  });
});

async function waitForCalls(done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !done(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!done()) throw new Error('the requests never arrived');
}
