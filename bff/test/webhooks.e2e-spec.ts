import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { BFF_PACKAGE_DIR } from '#src/config/settings.js';
import { RETENTION_BATCH, WebhookRetention } from '#src/webhooks/webhook-retention.js';
import { WebhooksRepository } from '#src/webhooks/webhooks.repository.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { eventually } from './support/jobs.js';
import { createFakePortalDist, type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver.js';

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secret?: string;
}

interface Delivery {
  id: string;
  eventId: string;
  type: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

interface DeliveryPage {
  items: Delivery[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
}

const ALL_EVENTS = [
  'claim.created',
  'claim.status_changed',
  'claim.comment_added',
  'inventory.movement_recorded',
  'inventory.stock_low',
];

/** The webhook routes of the world's partner, as `who`. */
function webhooksClient(api: TestApp, world: ClaimsWorld) {
  const base = `/api/partners/${world.partner.slug}/webhooks`;
  const send = (
    who: keyof ClaimsWorld['tokens'],
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    api.request({
      method,
      url: `${base}${url}`,
      headers: { authorization: `Bearer ${world.tokens[who]}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const client = {
    send,
    async create(path: string, url: string, events = ALL_EVENTS): Promise<Endpoint> {
      const created = await send('admin', 'POST', '', { url: `${url}${path}`, events });
      expect(created.statusCode).toBe(201);
      return created.json<Endpoint>();
    },
    async test(id: string): Promise<Delivery> {
      const sent = await send('admin', 'POST', `/${id}/test`);
      expect(sent.statusCode).toBe(202);
      return sent.json<Delivery>();
    },
    async deliveries(id: string, query = ''): Promise<DeliveryPage> {
      const page = await send('admin', 'GET', `/${id}/deliveries${query}`);
      expect(page.statusCode).toBe(200);
      return page.json<DeliveryPage>();
    },
    async endpoint(id: string): Promise<Endpoint> {
      const list = await send('admin', 'GET', '');
      expect(list.statusCode).toBe(200);
      const found = list.json<Endpoint[]>().find((endpoint) => endpoint.id === id);
      if (found === undefined) throw new Error(`no endpoint ${id}`);
      return found;
    },
    /** Waits until the endpoint's log shows `n` attempts, none of them pending. */
    settled(id: string, n: number, timeoutMs = 30_000): Promise<Delivery[]> {
      return eventually(
        async () => {
          const { items } = await client.deliveries(id, '?limit=100');
          return items.length >= n && items.every((item) => item.status !== 'pending')
            ? items.sort((a, b) => a.attempt - b.attempt || a.createdAt.localeCompare(b.createdAt))
            : undefined;
        },
        timeoutMs,
        `${n} finished attempts at ${id}`,
      );
    },
  };
  return client;
}

/** The Standard Webhooks reference verification (the npm `standardwebhooks` package). */
function verify(secret: string, hook: ReceivedWebhook): { type: string; data: unknown } {
  return new Webhook(secret).verify(hook.body, {
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  }) as { type: string; data: unknown };
}

async function outboxSubjects(dir: string): Promise<string[]> {
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.json')) : [];
  const mails = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return mails.map((mail) => String((JSON.parse(mail) as { subject?: unknown }).subject));
}

/**
 * Webhooks (docs/product.md §3b, docs/api.md Webhooks) against a real HTTP receiver on 127.0.0.1:
 * signatures checked with the Standard Webhooks reference algorithm, retries, disabling, rotation,
 * redelivery, the address rule, and a process killed mid-delivery.
 */
describe('webhooks (development rule: the receiver on 127.0.0.1)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let receiver: WebhookReceiver;
  let world: ClaimsWorld;
  let hooks: ReturnType<typeof webhooksClient>;
  let outbox: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    outbox = await mkdtemp(path.join(tmpdir(), 'webhook-outbox-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: {
        ...CHEAP_ARGON2,
        WEBHOOK_URLS: 'loopback',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        WEBHOOK_TIMEOUT_SECONDS: '2',
        WEBHOOK_RETRY_WINDOW_SECONDS: '5',
        MAIL_OUTBOX_DIR: outbox,
      },
    });
    receiver = await WebhookReceiver.start();
    world = await claimsWorld(api, api.app.get(DataSource), `hooks-${randomUUID().slice(0, 6)}`);
    hooks = webhooksClient(api, world);
  });

  afterAll(async () => {
    await api.close();
    await receiver.stop();
    await database.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('lets admins alone register endpoints, shows the secret once, and refuses bad URLs and events with problem details', async () => {
    const created = await hooks.send('admin', 'POST', '', {
      url: receiver.url('/register'),
      events: ['claim.created'],
      description: 'ERP',
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<Endpoint>();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(endpoint.secret?.slice(6) ?? '', 'base64')).toHaveLength(32);
    const listed = await hooks.send('admin', 'GET', '');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(endpoint.secret);
    expect(listed.json<Endpoint[]>().map((e) => e.id)).toContain(endpoint.id);

    for (const who of ['viewer', 'manager'] as const) {
      expect((await hooks.send(who, 'GET', '')).statusCode).toBe(403);
    }
    expect((await hooks.send('outsider', 'GET', '')).statusCode).toBe(404);
    expect(
      (await hooks.send('admin', 'PATCH', `/${randomUUID()}`, { enabled: false })).statusCode,
    ).toBe(404);
    expect((await hooks.send('admin', 'DELETE', '/not-a-uuid')).statusCode).toBe(404);

    const refused: Array<[object, string]> = [
      [{ url: 'http://hooks.example.com/x', events: ['claim.created'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/x', events: ['claim.created'] }, 'url'],
      [{ url: 'https://user:pw@hooks.example.com/', events: ['claim.created'] }, 'url'],
      [{ url: 'not a url', events: ['claim.created'] }, 'url'],
      [{ url: 'https://hooks.example.com/', events: ['claim.deleted'] }, 'events'],
      [{ url: 'https://hooks.example.com/', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/', events: ['claim.created'], secret: 'x' }, 'secret'],
    ];
    for (const [payload, field] of refused) {
      const answer = await hooks.send('admin', 'POST', '', payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = answer.json<{ code: string; errors: Array<{ field: string }> }>();
      expect(problem.code).toBe('validation');
      expect(problem.errors.map((error) => error.field)).toContain(field);
    }

    const changed = await hooks.send('admin', 'PATCH', `/${endpoint.id}`, {
      events: ['claim.created', 'inventory.stock_low'],
      description: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Endpoint>().events).toEqual(['claim.created', 'inventory.stock_low']);
    expect(changed.body).not.toContain('whsec_');
    expect((await hooks.send('admin', 'DELETE', `/${endpoint.id}`)).statusCode).toBe(204);
    expect((await hooks.send('admin', 'DELETE', `/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('signs a test event so that the Standard Webhooks reference verifies it, and logs the attempt', async () => {
    const endpoint = await hooks.create('/signed', receiver.url(''), ['claim.created']);
    const pending = await hooks.test(endpoint.id);
    expect(pending).toMatchObject({ status: 'pending', attempt: 1, type: 'webhook.test' });
    const [attempt] = await hooks.settled(endpoint.id, 1);
    const [hook] = receiver.at('/signed');
    if (hook === undefined || attempt === undefined) throw new Error('nothing delivered');
    expect(hook.id).toBe(pending.eventId);
    expect(hook.headers['content-type']).toBe('application/json');
    const payload = verify(endpoint.secret ?? '', hook);
    expect(payload.type).toBe('webhook.test');
    expect(Object.keys(JSON.parse(hook.body) as object)).toEqual(['type', 'timestamp', 'data']);
    // Another secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hook)).toThrow();
    expect(attempt).toMatchObject({
      status: 'succeeded',
      responseStatus: 200,
      attempt: 1,
      nextAttemptAt: null,
    });
    expect(attempt.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(api.logs.lines)).not.toContain(endpoint.secret);
  });

  it('sends each event with the public shape of its resource, and never a staff-only event', async () => {
    const all = await hooks.create('/all', receiver.url(''));
    const createdOnly = await hooks.create('/created-only', receiver.url(''), ['claim.created']);
    const claims = claimsClient(api, world);

    const created = await claims.create('manager', draftBody(world));
    expect(created.statusCode).toBe(201);
    const claim = created.json<{ id: string; version: number }>();
    const submitted = await claims.transition(
      'manager',
      claim.id,
      { action: 'submit' },
      claim.version,
    );
    expect(submitted.statusCode).toBe(200);
    const review = await claims.transition(
      'staff',
      claim.id,
      { action: 'start_review' },
      submitted.json<{ version: number }>().version,
    );
    expect(review.statusCode).toBe(200);
    const note = 'staff-only: carrier suspected';
    const internal = await claims.send('staff', 'POST', `/${claim.id}/events`, {
      payload: { body: note, internal: true },
    });
    expect(internal.statusCode).toBe(201);
    const comment = await claims.send('manager', 'POST', `/${claim.id}/events`, {
      payload: { body: 'Photos follow tomorrow.' },
    });
    expect(comment.statusCode).toBe(201);
    const movements = `/api/partners/${world.partner.slug}/inventory/${world.item.id}/movements`;
    const item = await api.request({
      method: 'GET',
      url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}`,
      headers: { authorization: `Bearer ${world.tokens.manager}` },
    });
    const { available } = item.json<{ available: number }>();
    // The first leaves the stock in; the second takes it out (inventory.stock_low).
    for (const quantity of [-1, -(available - 1)]) {
      // Movements are recorded by staff (docs/api.md).
      const moved = await api.request({
        method: 'POST',
        url: movements,
        headers: { authorization: `Bearer ${world.tokens.staff}` },
        payload: { kind: 'adjustment', quantity, reference: `ADJ-${quantity}` },
      });
      expect(moved.statusCode).toBe(201);
    }

    const expected = [
      'claim.created',
      'claim.status_changed',
      'claim.status_changed',
      'claim.comment_added',
      'inventory.movement_recorded',
      'inventory.movement_recorded',
      'inventory.stock_low',
    ];
    await hooks.settled(all.id, expected.length);
    const received = receiver.at('/all');
    expect(received.map((hook) => hook.type).sort()).toEqual([...expected].sort());
    for (const hook of received) {
      const { data } = verify(all.secret ?? '', hook);
      // Nothing staff-only: no internal note, no assignee, no pending approval, no waiting time.
      expect(hook.body).not.toContain(note);
      for (const field of [
        'assignee',
        'pendingApproval',
        'waitingSince',
        'allowedActions',
        'internal_note',
      ]) {
        expect(JSON.stringify(data)).not.toContain(`"${field}"`);
      }
    }
    const byType = (type: string) =>
      received
        .filter((hook) => hook.type === type)
        .map((hook) => verify(all.secret ?? '', hook).data);
    expect(byType('claim.created')).toEqual([
      expect.objectContaining({ id: claim.id, status: 'draft', number: expect.any(String) }),
    ]);
    expect(byType('claim.status_changed')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: claim.id, status: 'submitted' }),
        expect.objectContaining({ id: claim.id, status: 'in_review' }),
      ]),
    );
    expect(byType('claim.comment_added')).toEqual([
      {
        claimId: claim.id,
        comment: expect.objectContaining({
          kind: 'comment',
          body: 'Photos follow tomorrow.',
          internal: false,
        }),
      },
    ]);
    expect(byType('inventory.movement_recorded')).toEqual(
      expect.arrayContaining([
        {
          movement: expect.objectContaining({ kind: 'adjustment', quantity: -1 }),
          item: expect.objectContaining({ id: world.item.id }),
        },
      ]),
    );
    expect(byType('inventory.stock_low')).toEqual([
      expect.objectContaining({ id: world.item.id, available: 0, stockState: 'out' }),
    ]);
    // The endpoint subscribed to one type got that one only.
    await hooks.settled(createdOnly.id, 1);
    expect(receiver.at('/created-only').map((hook) => hook.type)).toEqual(['claim.created']);
  });

  it('retries a 500: the receiver gets the same webhook-id twice and the log shows both attempts', async () => {
    const endpoint = await hooks.create('/flaky', receiver.url(''), ['claim.created']);
    receiver.answer('/flaky', 500, 200);
    const sent = await hooks.test(endpoint.id);
    const [first, second] = await hooks.settled(endpoint.id, 2);
    const received = receiver.at('/flaky');
    expect(received.map((hook) => hook.id)).toEqual([sent.eventId, sent.eventId]);
    for (const hook of received) verify(endpoint.secret ?? '', hook);
    expect(first).toMatchObject({
      attempt: 1,
      status: 'failed',
      responseStatus: 500,
      eventId: sent.eventId,
    });
    expect(first?.nextAttemptAt).toEqual(expect.any(String));
    expect(second).toMatchObject({
      attempt: 2,
      status: 'succeeded',
      responseStatus: 200,
      nextAttemptAt: null,
    });
    // The retry was due 1 to 1.5 times the first delay (1 s here) after the failure.
    const delay = Date.parse(second?.createdAt ?? '') - Date.parse(first?.createdAt ?? '');
    expect(delay).toBeGreaterThanOrEqual(1_000);
    expect((await hooks.endpoint(endpoint.id)).enabled).toBe(true);
  });

  it('disables an endpoint that answers 410 at once, e-mails the admins, and sends it nothing more', async () => {
    const endpoint = await hooks.create('/gone', receiver.url(''), ['claim.created']);
    receiver.answer('/gone', 410);
    await hooks.test(endpoint.id);
    const [attempt] = await hooks.settled(endpoint.id, 1);
    expect(attempt).toMatchObject({ status: 'failed', responseStatus: 410, nextAttemptAt: null });
    const disabled = await hooks.endpoint(endpoint.id);
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toMatch(/410/);
    await eventually(
      async () =>
        (await outboxSubjects(outbox)).some((s) => /webhook endpoint was disabled/.test(s))
          ? true
          : undefined,
      15_000,
      'the admins’ e-mail',
    );
    // An event after it is not sent to it.
    await hooks.test(endpoint.id);
    const [, second] = await hooks.settled(endpoint.id, 2);
    expect(second).toMatchObject({
      status: 'failed',
      responseStatus: null,
      error: expect.stringMatching(/disabled/),
    });
    expect(receiver.at('/gone')).toHaveLength(1);
    // Enabled again, it is sent events again.
    expect(
      (await hooks.send('admin', 'PATCH', `/${endpoint.id}`, { enabled: true })).statusCode,
    ).toBe(200);
    await hooks.test(endpoint.id);
    await hooks.settled(endpoint.id, 3);
    expect(receiver.at('/gone')).toHaveLength(2);
  });

  it('retries with growing delays for the retry window, then disables the endpoint and e-mails its admins', async () => {
    const endpoint = await hooks.create('/down', receiver.url(''), ['claim.created']);
    receiver.answer('/down', ...Array<number>(20).fill(503));
    const before = (await outboxSubjects(outbox)).length;
    await hooks.test(endpoint.id);
    const disabled = await eventually(
      async () => {
        const found = await hooks.endpoint(endpoint.id);
        return found.enabled ? undefined : found;
      },
      30_000,
      'the endpoint disabled',
    );
    expect(disabled.disabledReason).toMatch(/every delivery failed/);
    const attempts = await hooks.settled(endpoint.id, 2);
    expect(attempts.every((a) => a.status === 'failed' && a.responseStatus === 503)).toBe(true);
    expect(attempts.at(-1)?.nextAttemptAt).toBeNull();
    // Retry n was due at least 2^(n-1) × the first delay (1 s here) after the failure before it.
    const due = attempts.map((a) => Date.parse(a.createdAt));
    for (let i = 1; i < due.length; i += 1) {
      expect((due[i] ?? 0) - (due[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_000 * 2 ** (i - 1));
    }
    await eventually(
      async () => ((await outboxSubjects(outbox)).length > before ? true : undefined),
      15_000,
      'the admins’ e-mail',
    );
  });

  it('after a rotation signs with both secrets for 24 hours: either verifies', async () => {
    const endpoint = await hooks.create('/rotated', receiver.url(''), ['claim.created']);
    const rotated = await hooks.send('admin', 'POST', `/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    expect((await hooks.endpoint(endpoint.id)) as unknown as Record<string, unknown>).toMatchObject(
      {
        previousSecretExpiresAt: expect.any(String),
      },
    );
    await hooks.test(endpoint.id);
    await hooks.settled(endpoint.id, 1);
    const [hook] = receiver.at('/rotated');
    if (hook === undefined) throw new Error('nothing delivered');
    expect(String(hook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, hook).type).toBe('webhook.test');
    expect(verify(endpoint.secret ?? '', hook).type).toBe('webhook.test');
  });

  it('sends an event again on redeliver: a new attempt with the same webhook-id', async () => {
    const endpoint = await hooks.create('/again', receiver.url(''), ['claim.created']);
    const sent = await hooks.test(endpoint.id);
    await hooks.settled(endpoint.id, 1);
    const again = await hooks.send(
      'admin',
      'POST',
      `/${endpoint.id}/deliveries/${sent.id}/redeliver`,
    );
    expect(again.statusCode).toBe(202);
    expect(again.json<Delivery>()).toMatchObject({
      eventId: sent.eventId,
      attempt: 2,
      status: 'pending',
    });
    await hooks.settled(endpoint.id, 2);
    expect(receiver.at('/again').map((hook) => hook.id)).toEqual([sent.eventId, sent.eventId]);
    const missing = await hooks.send(
      'admin',
      'POST',
      `/${endpoint.id}/deliveries/${randomUUID()}/redeliver`,
    );
    expect(missing.statusCode).toBe(404);
    const foreign = await hooks.create('/other', receiver.url(''), ['claim.created']);
    const elsewhere = await hooks.send(
      'admin',
      'POST',
      `/${foreign.id}/deliveries/${sent.id}/redeliver`,
    );
    expect(elsewhere.statusCode).toBe(404);
    // The retention deleting the event between the attempt's read and the new attempt's insert (a
    // trigger deletes it just before the insert): 404, the delivery is gone, not a 500.
    const db = api.app.get(DataSource);
    await db.query(`CREATE FUNCTION test_retention_race() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM webhook_events WHERE id = NEW.event_id; RETURN NEW; END $$`);
    await db.query(`CREATE TRIGGER test_retention_race BEFORE INSERT ON webhook_deliveries
      FOR EACH ROW WHEN (NEW.event_id = '${sent.eventId}') EXECUTE FUNCTION test_retention_race()`);
    try {
      const gone = await hooks.send(
        'admin',
        'POST',
        `/${endpoint.id}/deliveries/${sent.id}/redeliver`,
      );
      expect(gone.statusCode).toBe(404);
    } finally {
      await db.query('DROP TRIGGER test_retention_race ON webhook_deliveries');
      await db.query('DROP FUNCTION test_retention_race()');
    }
  });

  it('pages the delivery log with keyset cursors and refuses bad list input with 400', async () => {
    const endpoint = await hooks.create('/paged', receiver.url(''), ['claim.created']);
    for (let i = 0; i < 5; i += 1) await hooks.test(endpoint.id);
    await hooks.settled(endpoint.id, 5);
    const first = await hooks.deliveries(endpoint.id, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await hooks.deliveries(
        endpoint.id,
        `?limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(new Set(seen.map((d) => d.id)).size).toBe(5);
    const times = seen.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const query of ['?limit=0', '?limit=101', '?sort=url', '?cursor=forged']) {
      const bad = await hooks.send('admin', 'GET', `/${endpoint.id}/deliveries${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ code: string }>().code).toBe('validation');
    }
    const other = await hooks.create('/paged-other', receiver.url(''), ['claim.created']);
    if (first.nextCursor === null) throw new Error('no cursor');
    const crossed = await hooks.send(
      'admin',
      'GET',
      `/${other.id}/deliveries?cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(crossed.statusCode).toBe(400);
  });
});

describe('webhooks: retention (WEBHOOK_RETENTION_DAYS=10)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let endpoint: Endpoint;

  beforeAll(async () => {
    database = await startTestDatabase();
    // Nothing is delivered: the rows are written as they would be, at the ages each case needs.
    api = await startTestApp({
      databaseUrl: database.url,
      env: {
        ...CHEAP_ARGON2,
        WEBHOOK_URLS: 'loopback',
        WEBHOOK_RETENTION_DAYS: '10',
        WORKER: 'off',
      },
    });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, `keep-${randomUUID().slice(0, 6)}`);
    endpoint = await webhooksClient(api, world).create('/kept', 'http://127.0.0.1:9');
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await api.close();
    await database.stop();
  });

  interface Attempt {
    status: 'pending' | 'succeeded' | 'failed';
    /** Days before now it was due. */
    age: number;
    /** Days before now its retry is due (negative: in the future). */
    retryAge?: number;
  }

  /** An event `age` days old with its attempts at the endpoint (1, 2, …); its id and theirs. */
  async function event(
    age: number,
    attempts: Attempt[],
  ): Promise<{ id: string; attempts: string[] }> {
    const [row] = (await dataSource.query(
      `INSERT INTO webhook_events (partner_id, type, body, created_at)
       VALUES ($1, 'claim.created', '{}', now() - make_interval(secs => $2::float8 * 86400))
       RETURNING id`,
      [world.partner.id, age],
    )) as Array<{ id: string }>;
    if (row === undefined) throw new Error('no event');
    const ids: string[] = [];
    for (const [index, attempt] of attempts.entries()) {
      const [delivery] = (await dataSource.query(
        `INSERT INTO webhook_deliveries
           (partner_id, endpoint_id, event_id, attempt, status, response_status, next_attempt_at,
            created_at)
         VALUES ($1, $2, $3, $4, $5, $6,
           now() - make_interval(secs => $7::float8 * 86400),
           now() - make_interval(secs => $8::float8 * 86400))
         RETURNING id`,
        [
          world.partner.id,
          endpoint.id,
          row.id,
          index + 1,
          attempt.status,
          attempt.status === 'pending' ? null : attempt.status === 'succeeded' ? 200 : 500,
          attempt.retryAge ?? null,
          attempt.age,
        ],
      )) as Array<{ id: string }>;
      if (delivery === undefined) throw new Error('no delivery');
      ids.push(delivery.id);
    }
    return { id: row.id, attempts: ids };
  }

  async function existing(table: string, ids: string[]): Promise<string[]> {
    const rows = (await dataSource.query(
      `SELECT id FROM ${table} WHERE partner_id = $1 AND id = ANY ($2::uuid[])`,
      [world.partner.id, ids],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id).sort();
  }

  it('deletes, in batches, the finished attempts and the events past the retention, and keeps whatever is still to be delivered', async () => {
    // More than two batches of old delivered events, one attempt each.
    const bulk = 2 * RETENTION_BATCH + 1;
    await dataSource.query(
      `WITH e AS (
         INSERT INTO webhook_events (partner_id, type, body, created_at)
         SELECT $1, 'claim.created', '{}', now() - interval '11 days' - make_interval(secs => i)
           FROM generate_series(1, $3::int) i
         RETURNING id, created_at)
       INSERT INTO webhook_deliveries
         (partner_id, endpoint_id, event_id, attempt, status, response_status, created_at)
       SELECT $1, $2, e.id, 1, 'succeeded', 200, e.created_at FROM e`,
      [world.partner.id, endpoint.id, bulk],
    );
    const failedForGood = await event(40, [{ status: 'failed', age: 40 }]);
    const retriedThenDelivered = await event(20, [
      { status: 'failed', age: 20, retryAge: 19 },
      { status: 'succeeded', age: 19 },
    ]);
    const recent = await event(9, [{ status: 'succeeded', age: 9 }]);
    const stillPending = await event(300, [{ status: 'pending', age: 300 }]);
    const retryPending = await event(30, [
      { status: 'failed', age: 30, retryAge: 29 },
      { status: 'pending', age: 29 },
    ]);
    const retryDue = await event(11, [
      { status: 'failed', age: 11, retryAge: -0.1 },
      { status: 'pending', age: -0.1 },
    ]);
    const sentAgain = await event(40, [
      { status: 'failed', age: 40 },
      { status: 'succeeded', age: 1 },
    ]);
    // Its endpoint was removed (the attempts with it): nothing is left to show of it.
    const orphan = await event(12, []);
    const recentOrphan = await event(2, []);

    const batches = jest.spyOn(api.app.get(WebhooksRepository), 'deleteFinishedDeliveries');
    const run = await api.app.get(WebhookRetention).deleteExpired();

    const bulkDeleted = bulk + 1 + 2 + 1;
    expect(run).toEqual({
      deliveries: bulkDeleted,
      events: bulk + 2 + 1,
      batches: 3 + 3,
      complete: true,
    });
    expect(batches).toHaveBeenCalledTimes(3);
    const left = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM webhook_events WHERE partner_id = $1) AS events,
              (SELECT count(*)::int FROM webhook_deliveries WHERE partner_id = $1) AS deliveries`,
      [world.partner.id],
    )) as Array<{ events: number; deliveries: number }>;
    expect(left).toEqual([{ events: 6, deliveries: 7 }]);

    const keptEvents = [recent, stillPending, retryPending, retryDue, sentAgain, recentOrphan];
    expect(
      await existing(
        'webhook_events',
        [...keptEvents, failedForGood, retriedThenDelivered, orphan].map((e) => e.id),
      ),
    ).toEqual(keptEvents.map((e) => e.id).sort());
    const keptAttempts = [
      ...recent.attempts,
      ...stillPending.attempts,
      ...retryPending.attempts,
      ...retryDue.attempts,
      sentAgain.attempts[1] ?? '',
    ];
    expect(
      await existing('webhook_deliveries', [
        ...keptAttempts,
        ...failedForGood.attempts,
        ...retriedThenDelivered.attempts,
        ...sentAgain.attempts,
      ]),
    ).toEqual(keptAttempts.sort());

    // What is left is what the delivery log shows; a second run has nothing to delete.
    const log = await webhooksClient(api, world).deliveries(endpoint.id, '?limit=100');
    expect(log.items.map((item) => item.id).sort()).toEqual(keptAttempts.sort());
    expect(await api.app.get(WebhookRetention).deleteExpired()).toMatchObject({
      deliveries: 0,
      events: 0,
    });
    const schedule = (await dataSource.query(
      `SELECT cron FROM pgboss.schedule WHERE name = 'webhook-retention'`,
    )) as Array<{ cron: string }>;
    expect(schedule).toEqual([{ cron: '37 * * * *' }]);
  });
});

describe('webhooks outside development (WEBHOOK_URLS=public)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let receiver: WebhookReceiver;
  let hooks: ReturnType<typeof webhooksClient>;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, WEBHOOK_URLS: 'public', WEBHOOK_RETRY_DELAY_SECONDS: '60' },
    });
    receiver = await WebhookReceiver.start();
    const world = await claimsWorld(
      api,
      api.app.get(DataSource),
      `prod-${randomUUID().slice(0, 6)}`,
    );
    hooks = webhooksClient(api, world);
  });

  afterAll(async () => {
    await api.close();
    await receiver.stop();
    await database.stop();
  });

  it('refuses http at registration, and private, loopback and link-local addresses at delivery, after DNS', async () => {
    const http = await hooks.send('admin', 'POST', '', {
      url: receiver.url('/plain'),
      events: ['claim.created'],
    });
    expect(http.statusCode).toBe(400);
    expect(http.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe('url');

    const port = receiver.port;
    const targets = [
      `https://127.0.0.1:${port}/v4-loopback`,
      'https://10.1.2.3/private',
      'https://169.254.169.254/latest/meta-data',
      `https://[::1]:${port}/v6-loopback`,
      'https://[::ffff:127.0.0.1]/mapped',
      'https://[fd00::1]/unique-local',
      // A host name whose DNS answer is the loopback: refused after resolution.
      `https://localhost:${port}/by-name`,
    ];
    const endpoints = [];
    for (const target of targets) {
      endpoints.push(await hooks.create('', target, ['claim.created']));
    }
    for (const endpoint of endpoints) await hooks.test(endpoint.id);
    const firstAttempts: Delivery[] = [];
    for (const endpoint of endpoints) {
      // The first attempt failed; its retry (a minute later here) is pending.
      const first = await eventually(
        async () =>
          (await hooks.deliveries(endpoint.id)).items.find(
            (item) => item.attempt === 1 && item.status !== 'pending',
          ),
        30_000,
        `the first attempt at ${endpoint.url}`,
      );
      expect(first).toMatchObject({ status: 'failed', responseStatus: null });
      expect(first.error).toMatch(/^refused: /);
      expect(first.nextAttemptAt).toEqual(expect.any(String));
      firstAttempts.push(first);
    }
    expect(firstAttempts.at(-1)?.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
    expect(receiver.received).toEqual([]);
  });
});

/** `dist/` is older than a source file: `node dist/main.js` would run stale code. */
async function distIsStale(): Promise<boolean> {
  const main = path.join(BFF_PACKAGE_DIR, 'dist', 'main.js');
  if (!existsSync(main)) return true;
  const built = (await stat(main)).mtimeMs;
  const newest = async (dir: string): Promise<number> => {
    let latest = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      latest = Math.max(
        latest,
        entry.isDirectory() ? await newest(file) : (await stat(file)).mtimeMs,
      );
    }
    return latest;
  };
  return (await newest(path.join(BFF_PACKAGE_DIR, 'src'))) > built;
}

describe('webhooks: a process killed mid-delivery', () => {
  let database: TestDatabase;
  let api: TestApp;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if (await distIsStale()) {
      // The spec runs the built BFF (`node dist/main.js`): build it when the sources are newer.
      const built = spawnSync('nice', ['npx', 'tsc', '-p', 'tsconfig.build.json'], {
        cwd: BFF_PACKAGE_DIR,
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('pnpm --filter @partner-portal/bff build failed');
    }
    database = await startTestDatabase();
    // This process only enqueues: the jobs are run by the spawned BFFs.
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, WEBHOOK_URLS: 'loopback', WORKER: 'off' },
    });
    receiver = await WebhookReceiver.start();
  }, 240_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await api.close();
    await receiver.stop();
    await database.stop();
  });

  async function startBff(portalDist: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.join(BFF_PACKAGE_DIR, 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        PORT: '0',
        PORTAL_DIST_DIR: portalDist,
        SEED_DEMO_DATA: 'false',
        DIGEST: 'off',
        WORKER: 'on',
        WORKER_POLL_SECONDS: '1',
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_EXPIRY_CHECK_SECONDS: '1',
        WEBHOOK_URLS: 'loopback',
        WEBHOOK_TIMEOUT_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout?.resume();
    child.stderr?.resume();
    return child;
  }

  it('delivers the event again, with the same webhook-id, from the next process', async () => {
    const world = await claimsWorld(
      api,
      api.app.get(DataSource),
      `kill-${randomUUID().slice(0, 6)}`,
    );
    const hooks = webhooksClient(api, world);
    const endpoint = await hooks.create('/killed', receiver.url(''), ['claim.created']);
    receiver.answer('/killed', 'hold', 200);
    const sent = await hooks.test(endpoint.id);
    const portal = await createFakePortalDist();
    try {
      const first = await startBff(portal.dir);
      await eventually(
        () => (receiver.at('/killed').length === 1 ? true : undefined),
        60_000,
        'the first attempt',
      );
      const exited = new Promise((resolve) => first.once('exit', resolve));
      first.kill('SIGKILL');
      await exited;
      // The attempt died with its process: still pending.
      expect((await hooks.deliveries(endpoint.id)).items).toEqual([
        expect.objectContaining({ id: sent.id, status: 'pending' }),
      ]);

      const second = await startBff(portal.dir);
      const [attempt] = await hooks.settled(endpoint.id, 1, 60_000);
      expect(attempt).toMatchObject({ id: sent.id, status: 'succeeded', responseStatus: 200 });
      expect(receiver.at('/killed').map((hook) => hook.id)).toEqual([sent.eventId, sent.eventId]);
      const stopped = new Promise((resolve) => second.once('exit', resolve));
      second.kill('SIGTERM');
      await stopped;
    } finally {
      await portal.remove();
    }
  }, 150_000); // two BFF starts and a job's timeout (8 s here) on a loaded 2-core machine
});
