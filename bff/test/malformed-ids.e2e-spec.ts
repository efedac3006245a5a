import { randomUUID } from 'node:crypto';
import { UsersRepository } from '../src/users/users.repository.js';
import { CHEAP_ARGON2, accessTokenOf } from './support/identity.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  /** The path under /api/partners/acme-outdoor, `{id}` and `{other}` for the route's UUID params. */
  path: string;
  detail: string;
  /** The 404's detail when `{other}` is the malformed one, if not `detail`. */
  otherDetail?: string;
  staff?: boolean;
  body?: Record<string, unknown>;
  /** Whether a well-formed missing id reaches the lookup too (a route with no usable body does not). */
  sameAsMissing?: boolean;
}

const NO_SUCH_CLAIM = 'No such claim.';
const NO_SUCH_ATTACHMENT = 'No such attachment.';
const NO_SUCH_ITEM = 'No such item.';
const NO_SUCH_MOVEMENT = 'No such movement.';
const NO_SUCH_WEBHOOK = 'No such webhook endpoint.';
const NO_SUCH_DELIVERY = 'No such delivery of this webhook endpoint.';

/** Every route with a UUID path parameter (ParseUuid, common/uuid.ts), and the 404 it answers. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/claims/{id}', detail: NO_SUCH_CLAIM, sameAsMissing: true },
  { method: 'PATCH', path: '/claims/{id}', detail: NO_SUCH_CLAIM, body: { description: 'x' } },
  { method: 'DELETE', path: '/claims/{id}', detail: NO_SUCH_CLAIM },
  {
    method: 'POST',
    path: '/claims/{id}/transitions',
    detail: NO_SUCH_CLAIM,
    body: { action: 'submit' },
  },
  { method: 'GET', path: '/claims/{id}/events', detail: NO_SUCH_CLAIM, sameAsMissing: true },
  {
    method: 'POST',
    path: '/claims/{id}/events',
    detail: NO_SUCH_CLAIM,
    body: { message: 'Hello' },
  },
  { method: 'POST', path: '/claims/{id}/attachments', detail: NO_SUCH_CLAIM },
  {
    method: 'GET',
    path: '/claims/{id}/attachments',
    detail: NO_SUCH_CLAIM,
    sameAsMissing: true,
  },
  {
    method: 'GET',
    path: '/claims/{id}/attachments/{other}',
    detail: NO_SUCH_ATTACHMENT,
    sameAsMissing: true,
  },
  {
    method: 'DELETE',
    path: '/claims/{id}/attachments/{other}',
    detail: NO_SUCH_CLAIM,
    otherDetail: NO_SUCH_ATTACHMENT,
    sameAsMissing: true,
  },
  { method: 'GET', path: '/inventory/{id}', detail: NO_SUCH_ITEM, sameAsMissing: true },
  {
    method: 'PATCH',
    path: '/inventory/{id}',
    detail: NO_SUCH_ITEM,
    body: { reorderPoint: 3 },
    sameAsMissing: true,
  },
  {
    method: 'GET',
    path: '/inventory/{id}/movements',
    detail: NO_SUCH_ITEM,
    sameAsMissing: true,
  },
  {
    method: 'GET',
    path: '/inventory/{id}/movements/{other}',
    detail: NO_SUCH_MOVEMENT,
    sameAsMissing: true,
  },
  {
    method: 'POST',
    path: '/inventory/{id}/movements',
    detail: NO_SUCH_ITEM,
    staff: true,
    body: { kind: 'receipt', quantity: 1 },
    sameAsMissing: true,
  },
  {
    method: 'PATCH',
    path: '/members/{id}',
    detail: 'No such member of this partner.',
    body: { role: 'viewer' },
    sameAsMissing: true,
  },
  {
    method: 'DELETE',
    path: '/members/{id}',
    detail: 'No such member of this partner.',
    sameAsMissing: true,
  },
  {
    method: 'DELETE',
    path: '/invitations/{id}',
    detail: 'This invitation is invalid, used or expired.',
    sameAsMissing: true,
  },
  {
    method: 'PATCH',
    path: '/webhooks/{id}',
    detail: NO_SUCH_WEBHOOK,
    body: { enabled: false },
    sameAsMissing: true,
  },
  { method: 'DELETE', path: '/webhooks/{id}', detail: NO_SUCH_WEBHOOK, sameAsMissing: true },
  {
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    detail: NO_SUCH_WEBHOOK,
    sameAsMissing: true,
  },
  {
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    detail: NO_SUCH_WEBHOOK,
    sameAsMissing: true,
  },
  { method: 'POST', path: '/webhooks/{id}/test', detail: NO_SUCH_WEBHOOK, sameAsMissing: true },
  {
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{other}/redeliver',
    detail: NO_SUCH_WEBHOOK,
    otherDetail: NO_SUCH_DELIVERY,
  },
];

const MALFORMED = ['not-a-uuid', '%C4%B0', '00000000-0000-4000-8000-00000000000g', '1'];

/** A malformed id is answered at the edge with the resource's 404, the body a missing id gets. */
describe('UUID path parameters', () => {
  let database: TestDatabase;
  let api: TestApp;
  let adminToken: string;
  let staffToken: string;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    const users = api.app.get(UsersRepository);
    const admin = await users.findByEmail('admin@acme.example');
    const staff = await users.findByEmail('staff@portal.example');
    if (admin === undefined || staff === undefined) throw new Error('no demo data');
    adminToken = await accessTokenOf(api, admin);
    staffToken = await accessTokenOf(api, staff);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  async function send(route: Route, id: string, other: string) {
    const response = await api.request({
      method: route.method,
      url: `/api/partners/acme-outdoor${route.path.replace('{id}', id).replace('{other}', other)}`,
      headers: {
        authorization: `Bearer ${route.staff === true ? staffToken : adminToken}`,
        'if-match': '"1"',
      },
      ...(route.body === undefined ? {} : { payload: route.body }),
    });
    const body = response.json<Record<string, unknown>>();
    return { status: response.statusCode, body: { ...body, requestId: 'x' } };
  }

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers a malformed id with its 404 problem',
    async (_name, route) => {
      const notFound = (detail: string) => ({
        status: 404,
        body: {
          type: 'urn:partner-portal:problem:not_found',
          title: 'Not Found',
          status: 404,
          code: 'not_found',
          detail,
          requestId: 'x',
        },
      });
      const expected = notFound(route.detail);
      const params = route.path.includes('{other}') ? ['id', 'other'] : ['id'];
      for (const malformed of MALFORMED) {
        for (const param of params) {
          const [id, other] =
            param === 'id' ? [malformed, randomUUID()] : [randomUUID(), malformed];
          expect([malformed, param, await send(route, id, other)]).toEqual([
            malformed,
            param,
            param === 'other' ? notFound(route.otherDetail ?? route.detail) : expected,
          ]);
        }
      }
      if (route.sameAsMissing === true) {
        // The service's own answer for a well-formed id that names nothing: the same body.
        expect(await send(route, randomUUID(), randomUUID())).toEqual(expected);
      }
    },
  );
});
