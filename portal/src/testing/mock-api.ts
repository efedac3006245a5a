/**
 * The network, at its boundary: `fetch` answers from a table of "METHOD /path" handlers, and every
 * request is recorded. A request nobody expected gets a 404 problem, so a test sees it fail.
 */

export type ApiHandler = (request: Request) => Response | Promise<Response>;

export interface MockApi {
  /** "GET /api/me", in the order they were sent. */
  calls: string[];
  /** The requests themselves, with bodies still readable. */
  requests: Request[];
  /** Replaces or adds handlers. */
  on(routes: Record<string, ApiHandler>): void;
}

export const problem = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });

export const noContent = (): Response => new Response(null, { status: 204 });

export function mockApi(initial: Record<string, ApiHandler> = {}): MockApi {
  const handlers = new Map(Object.entries(initial));
  const api: MockApi = {
    calls: [],
    requests: [],
    on(routes) {
      for (const [route, handler] of Object.entries(routes)) handlers.set(route, handler);
    },
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    api.calls.push(route);
    api.requests.push(request.clone());
    const handler = handlers.get(route);
    return handler
      ? handler(request)
      : problem(404, 'not_found', { detail: `No mock for ${route}` });
  });
  return api;
}
