import { ApiError, createApiClient, UNKNOWN_ERROR_CODE } from './api-client';

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
