import { setTimeout } from 'node:timers/promises';
import { jest } from '@jest/globals';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { Clock } from '#src/common/clock.js';
import { IDEMPOTENCY_KEY_PATTERN } from '#src/idempotency/decorators/idempotent-post.decorator.js';
import { IdempotencyRepository } from '#src/idempotency/idempotency.repository.js';
import { IdempotencyService } from '#src/idempotency/idempotency.service.js';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '#src/idempotency/idempotency.interceptor.js';
import { InventoryItem } from '#src/inventory/inventory-item.entity.js';
import { InventoryMovement } from '#src/inventory/inventory-movement.entity.js';
import { InventoryService } from '#src/inventory/inventory.service.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { CHEAP_ARGON2, type Session, signIn } from './support/identity.js';
import { insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));

/**
 * `Idempotency-Key` on every POST (issue 22, "must be shown" 2; docs/api.md, Idempotency-Key): one
 * mechanism, per caller, kept 24 hours.
 */
describe('Idempotency-Key', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let staff: Session;
  let reviewer: Session;
  let keyCount = 0;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'idem');
    staff = await signIn(api, 'staff@portal.example');
    reviewer = await signIn(api, 'reviewer@portal.example');
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const newKey = () => `key-${SEED}-${++keyCount}`;

  async function newItem(onHand: number): Promise<InventoryItem> {
    const [item] = await insertItems(dataSource, world.partner.id, [
      { sku: `IDEM-${Math.random().toString(36).slice(2)}`, onHand },
    ]);
    if (item === undefined) throw new Error('no item');
    return item;
  }

  /** A movement of `itemId` recorded by a signed-in staff member (cookies and CSRF, as the portal). */
  function record(
    session: Session,
    itemId: string,
    payload: unknown,
    key?: string,
  ): Promise<LightMyRequestResponse> {
    return api.request({
      method: 'POST',
      url: `/api/partners/${world.partner.slug}/inventory/${itemId}/movements`,
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: payload as object,
    });
  }

  const onHandOf = async (itemId: string) =>
    (
      await dataSource
        .getRepository(InventoryItem)
        .findOneByOrFail({ partnerId: world.partner.id, id: itemId })
    ).onHand;
  const movementsOf = (itemId: string) =>
    dataSource
      .getRepository(InventoryMovement)
      .countBy({ partnerId: world.partner.id, itemId: itemId });

  it('makes one movement and one onHand change of 20 concurrent POSTs with one key', async () => {
    const item = await newItem(100);
    const key = newKey();
    const body = { kind: 'receipt', quantity: 7, reference: 'PO-20' };

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => record(staff, item.id, body, key)),
    );

    const first = responses.filter((r) => r.headers['idempotent-replayed'] === undefined);
    const replays = responses.filter((r) => r.headers['idempotent-replayed'] === 'true');
    const inUse = responses.filter((r) => r.statusCode === 409);
    expect(first).toHaveLength(1 + inUse.length);
    expect(first[0]?.statusCode).toBe(201);
    for (const response of inUse) {
      expect(response.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    }
    for (const replay of replays) {
      expect(replay.statusCode).toBe(201);
      expect(replay.body).toBe(first[0]?.body);
    }
    expect(replays.length + inUse.length).toBe(19);
    expect(await movementsOf(item.id)).toBe(1);
    expect(await onHandOf(item.id)).toBe(107);
  });

  it('replays the first answer byte for byte (status, body, ETag, Location, Content-Type)', async () => {
    const client = claimsClient(api, world);
    const key = newKey();
    const first = await client.create('manager', draftBody(world), { 'idempotency-key': key });
    const retry = await client.create('manager', draftBody(world), { 'idempotency-key': key });

    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const header of ['etag', 'location', 'content-type', 'cache-control']) {
      expect(first.headers[header]).toBeDefined();
      expect(retry.headers[header]).toBe(first.headers[header]);
    }
    // A new request id, though: the retry is a request of its own.
    expect(retry.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const { id } = first.json<{ id: string }>();
    const claims = (await dataSource.query(
      `SELECT count(*)::int AS n FROM claims WHERE partner_id = $1 AND description = $2`,
      [world.partner.id, draftBody(world).description],
    )) as Array<{ n: number }>;
    expect(claims[0]?.n).toBeGreaterThanOrEqual(1);
    expect((await client.get('manager', id)).statusCode).toBe(200);
  });

  it('replays a refusal (4xx) as it was, even once the request would succeed', async () => {
    const item = await newItem(2);
    const key = newKey();
    const body = { kind: 'shipment', quantity: -5 };
    const refused = await record(staff, item.id, body, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'insufficient_stock' });
    await record(staff, item.id, { kind: 'receipt', quantity: 10 });

    const retry = await record(staff, item.id, body, key);

    expect(retry.statusCode).toBe(409);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(refused.body);
    expect(retry.headers['content-type']).toBe(refused.headers['content-type']);
    expect(await onHandOf(item.id)).toBe(12);
  });

  it('refuses the key with another body or on another route: 422 idempotency_key_reused', async () => {
    const item = await newItem(50);
    const other = await newItem(50);
    const key = newKey();
    const first = await record(staff, item.id, { kind: 'receipt', quantity: 3 }, key);
    // The same body with its keys in another order is the same request.
    const reordered = await record(staff, item.id, { quantity: 3, kind: 'receipt' }, key);
    const anotherBody = await record(staff, item.id, { kind: 'receipt', quantity: 4 }, key);
    const anotherRoute = await record(staff, other.id, { kind: 'receipt', quantity: 3 }, key);

    expect(first.statusCode).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    for (const response of [anotherBody, anotherRoute]) {
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'idempotency_key_reused' });
    }
    expect(await onHandOf(item.id)).toBe(53);
    expect(await onHandOf(other.id)).toBe(50);
  });

  it('keeps keys per caller: another user with the same key and body is a request of its own', async () => {
    const item = await newItem(0);
    const key = newKey();
    const body = { kind: 'receipt', quantity: 5 };
    const mine = await record(staff, item.id, body, key);
    const theirs = await record(reviewer, item.id, body, key);

    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ movement: { id: string } }>().movement.id).not.toBe(
      mine.json<{ movement: { id: string } }>().movement.id,
    );
    expect(await onHandOf(item.id)).toBe(10);
  });

  it('answers 409 idempotency_key_in_use while the first request still runs, then replays it', async () => {
    const item = await newItem(0);
    const key = newKey();
    const body = { kind: 'receipt', quantity: 1 };
    const service = api.app.get(InventoryService);
    const recordMovement = service.recordMovement.bind(service);
    jest.spyOn(service, 'recordMovement').mockImplementationOnce(async (...args) => {
      await setTimeout(6_500);
      return recordMovement(...args);
    });

    const slow = record(staff, item.id, body, key);
    await setTimeout(300);
    const startedAt = Date.now();
    const retry = await record(staff, item.id, body, key);
    const waited = Date.now() - startedAt;
    const first = await slow;
    const later = await record(staff, item.id, body, key);

    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    expect(waited).toBeGreaterThanOrEqual(4_500);
    expect(first.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toBe(first.body);
    expect(await movementsOf(item.id)).toBe(1);
  }, 30_000);

  it('stores the answer in the transaction of the change: a failed record leaves no change', async () => {
    const item = await newItem(0);
    const key = newKey();
    const body = { kind: 'receipt', quantity: 6 };
    jest
      .spyOn(api.app.get(IdempotencyRepository), 'complete')
      .mockRejectedValueOnce(new Error('the database went away'));

    const failed = await record(staff, item.id, body, key);
    expect(failed.statusCode).toBe(500);
    expect(await movementsOf(item.id)).toBe(0);
    expect(await onHandOf(item.id)).toBe(0);

    const retry = await record(staff, item.id, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHandOf(item.id)).toBe(6);
  });

  it('gives the key back when the first request fails with a 5xx: the retry runs', async () => {
    const item = await newItem(0);
    const key = newKey();
    const body = { kind: 'receipt', quantity: 4 };
    jest
      .spyOn(api.app.get(InventoryService), 'recordMovement')
      .mockRejectedValueOnce(new Error('the database went away'));

    const failed = await record(staff, item.id, body, key);
    const retry = await record(staff, item.id, body, key);

    expect(failed.statusCode).toBe(500);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHandOf(item.id)).toBe(4);
  });

  it('frees a key after 24 hours, and the scheduled cleanup deletes it', async () => {
    const item = await newItem(0);
    const key = newKey();
    const first = await record(staff, item.id, { kind: 'receipt', quantity: 1 }, key);
    expect(first.statusCode).toBe(201);
    const clock = api.app.get(Clock);
    const later = (ms: number) => {
      const at = Date.now() + ms;
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(at));
    };

    later(IDEMPOTENCY_KEY_LIFETIME_MS - 60_000);
    const stillKept = await record(staff, item.id, { kind: 'receipt', quantity: 2 }, key);
    expect(stillKept.statusCode).toBe(422);

    later(IDEMPOTENCY_KEY_LIFETIME_MS + 1_000);
    const afterADay = await record(staff, item.id, { kind: 'receipt', quantity: 2 }, key);
    expect(afterADay.statusCode).toBe(201);
    expect(afterADay.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHandOf(item.id)).toBe(3);

    later(2 * IDEMPOTENCY_KEY_LIFETIME_MS + 2_000);
    expect(await api.app.get(IdempotencyService).deleteExpired()).toBeGreaterThanOrEqual(1);
    const left = (await dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys
       WHERE key = '${key}'`)) as Array<{ n: number }>;
    expect(left[0]?.n).toBe(0);
    const schedule = (await dataSource.query(
      `SELECT cron FROM pgboss.schedule WHERE name = 'idempotency-cleanup'`,
    )) as Array<{ cron: string }>;
    expect(schedule).toEqual([{ cron: '17 * * * *' }]);
  });

  it('refuses a malformed key (400 validation) and ignores keys on anonymous POSTs', async () => {
    const item = await newItem(0);
    for (const malformed of ['has space', 'x'.repeat(256), 'tab\tinside', 'é']) {
      const response = await record(staff, item.id, { kind: 'receipt', quantity: 1 }, malformed);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation',
        errors: [{ field: 'Idempotency-Key' }],
      });
    }
    expect(await movementsOf(item.id)).toBe(0);

    // Sign-in sets cookies: never replayed, each a session of its own.
    const signInWith = () =>
      api.request({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'idempotency-key': 'sign-in-key' },
        payload: { email: 'staff@portal.example', password: 'portal-demo-passphrase' },
        remoteAddress: '10.77.0.1',
      });
    const one = await signInWith();
    const two = await signInWith();
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(two.headers['set-cookie']).toBeDefined();
  });

  it('never answers a 5xx to any key and body on several POST routes; a replay is the first answer', async () => {
    const client = claimsClient(api, world);
    const item = await newItem(1_000);
    const claim = (await client.create('manager', draftBody(world))).json<{ id: string }>();
    const routes = [
      {
        send: (payload: unknown, headers: Record<string, string>) =>
          api.request({
            method: 'POST',
            url: `/api/partners/${world.partner.slug}/inventory/${item.id}/movements`,
            headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, ...headers },
            payload: payload as object,
          }),
        valid: [
          { kind: 'receipt', quantity: 1 },
          { kind: 'shipment', quantity: -1 },
        ],
      },
      {
        send: (payload: unknown, headers: Record<string, string>) =>
          client.send('manager', 'POST', '', { payload, headers }),
        valid: [draftBody(world), draftBody(world, { quantity: 3 })],
      },
      {
        send: (payload: unknown, headers: Record<string, string>) =>
          client.send('manager', 'POST', `/${claim.id}/events`, { payload, headers }),
        valid: [{ body: 'A comment from the fuzz.' }, { message: 'Another comment.' }],
      },
      {
        send: (payload: unknown, headers: Record<string, string>) =>
          api.request({
            method: 'POST',
            url: `/api/partners/${world.partner.slug}/invitations`,
            headers: { authorization: `Bearer ${world.tokens.admin}`, ...headers },
            payload: payload as object,
          }),
        valid: [
          { email: 'fuzz-one@idem.test', role: 'viewer' },
          { email: 'fuzz-two@idem.test', role: 'manager' },
        ],
      },
    ];
    const visible = fc.string({
      unit: fc.constantFrom(...'abcXYZ019-_.:~!"{}'.split('')),
      minLength: 1,
      maxLength: 12,
    });
    const keyArbitrary = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('k1', 'k2', 'k3', `run-${SEED}`) },
      { weight: 3, arbitrary: visible },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.constant(''),
          fc.constant('x'.repeat(256)),
          fc.constant(' lead'),
          fc.string({ unit: fc.constantFrom('a', ' ', '\t', 'é', 'ü'), maxLength: 6 }),
        ),
      },
    );
    const bodyArbitrary = (valid: unknown[]) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...valid) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
        },
      );
    /** The first answer given under each key of each caller (as the table keeps it). */
    const firstAnswers = new Map<string, { status: number; body: string }>();
    let replays = 0;
    const staffId = (
      (await dataSource.query(
        `SELECT id FROM users WHERE email = 'staff@portal.example'`,
      )) as Array<{
        id: string;
      }>
    )[0]?.id;
    const callers = [staffId, world.userIds.manager, world.userIds.manager, world.userIds.admin];
    const kept = async (caller: string, key: string) =>
      (
        (await dataSource.query(
          `SELECT status, response_status, response_body FROM idempotency_keys
            WHERE caller = $1 AND key = $2`,
          [caller, key],
        )) as Array<{ status: string; response_status: number; response_body: string }>
      )[0];

    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: routes.length - 1 })
          .chain((routeIndex) =>
            fc.tuple(
              fc.constant(routeIndex),
              bodyArbitrary(routes[routeIndex]?.valid ?? []),
              fc.option(keyArbitrary, { nil: undefined }),
            ),
          ),
        async ([routeIndex, body, key]) => {
          const route = routes[routeIndex];
          if (route === undefined) throw new Error('no route');
          const response = await route.send(
            body,
            key === undefined ? {} : { 'idempotency-key': key },
          );
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
          }
          if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) return;
          const caller = `user:${callers[routeIndex]}`;
          const first = firstAnswers.get(`${caller}|${key}`);
          const code = response.statusCode >= 400 ? response.json<{ code: string }>().code : '';
          if (response.headers['idempotent-replayed'] === 'true') {
            replays += 1;
            expect(first).toEqual({ status: response.statusCode, body: response.body });
          } else if (code === 'idempotency_key_reused') {
            expect(first).toBeDefined();
          } else {
            // Answered afresh: the key was new to this caller (or refused before the handler, as a
            // body with a NUL is at the edge: then nothing is kept).
            expect(first).toBeUndefined();
            const row = await kept(caller, key);
            if (row !== undefined) {
              expect(row).toEqual({
                status: 'completed',
                response_status: response.statusCode,
                response_body: response.body,
              });
              firstAnswers.set(`${caller}|${key}`, {
                status: response.statusCode,
                body: response.body,
              });
            }
          }
        },
      ),
      { numRuns: 150, seed: SEED },
    );
    expect(firstAnswers.size).toBeGreaterThan(3);
    expect(replays).toBeGreaterThan(3);
  }, 120_000);
});
