import { createHash, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { Partner } from '../src/partners/partner.entity.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { samplePng } from '../src/claims/evidence/evidence-samples.js';
import { evidenceForm } from './support/claim-fixtures.js';
import { insertItems } from './support/inventory.js';
import { CHEAP_ARGON2, accessTokenOf, expectNoSecretsInLogs, signIn } from './support/identity.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface KeyJson {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  revokedAt: string | null;
  token?: string;
}

const OWN = 'acme-outdoor';
const OTHER = 'northwind';
const DAY = 86_400_000;

/**
 * API keys (docs/api.md, API keys; docs/product.md §3b): the keys' own routes, and a key as a
 * principal: one-time token, stored hash, prefix, last use, revocation and expiry, validation, audit,
 * its own rate limit, no CSRF, and its name in a claim's timeline.
 */
describe('API keys', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  const bearers: Record<string, string> = {};

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    dataSource = api.app.get(DataSource);
    for (const [who, email] of Object.entries({
      admin: 'admin@acme.example',
      manager: 'manager@acme.example',
      staff: 'staff@portal.example',
      otherAdmin: 'admin@northwind.example',
    })) {
      const user = await api.app.get(UsersRepository).findByEmail(email);
      if (user === undefined) throw new Error(email);
      bearers[who] = await accessTokenOf(api, user);
    }
  });

  afterAll(async () => {
    if (api !== undefined) expectNoSecretsInLogs(api);
    await api?.close();
    await database?.stop();
  });

  const as = (who: string, options: InjectOptions): Promise<LightMyRequestResponse> =>
    api.request({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${bearers[who]}` },
    });
  const withKey = (token: string, options: InjectOptions): Promise<LightMyRequestResponse> => {
    api.secrets.add(token);
    return api.request({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${token}` },
    });
  };

  async function createKey(
    who: string,
    url: string,
    payload: Record<string, unknown>,
  ): Promise<KeyJson & { token: string }> {
    const response = await as(who, { method: 'POST', url, payload });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json<KeyJson & { token: string }>();
  }
  const partnerKey = (scopes: string[], name = 'WMS sync', slug = OWN, who = 'admin') =>
    createKey(who, `/api/partners/${slug}/api-keys`, { name, scopes });
  const networkKey = (scopes: string[], name = 'Warehouse feed') =>
    createKey('staff', '/api/staff/api-keys', { name, scopes });

  /** The partner id of a slug; null for the network's keys. */
  async function ownerId(slug: string | null): Promise<string | null> {
    if (slug === null) return null;
    return (await dataSource.getRepository(Partner).findOneByOrFail({ slug })).id;
  }

  async function keyRow(id: string, slug: string | null = OWN): Promise<Record<string, unknown>> {
    const rows = (await dataSource.query(
      `SELECT * FROM api_keys WHERE partner_id IS NOT DISTINCT FROM $2 AND id = $1`,
      [id, await ownerId(slug)],
    )) as Array<Record<string, unknown>>;
    if (rows[0] === undefined) throw new Error(`no key ${id}`);
    return rows[0];
  }

  async function auditActions(
    target: string,
    slug: string | null = OWN,
  ): Promise<Array<{ action: string; actor: string }>> {
    return (await dataSource.query(
      `SELECT action, actor_user_id AS actor FROM audit_logs
        WHERE partner_id IS NOT DISTINCT FROM $2 AND target = $1 ORDER BY at, id`,
      [target, await ownerId(slug)],
    )) as Array<{ action: string; actor: string }>;
  }

  /** Sets a column of an own key to an SQL expression (`now() - interval …`). */
  async function setKey(id: string, column: string, expression: string): Promise<void> {
    await dataSource.query(
      `UPDATE api_keys SET ${column} = ${expression} WHERE partner_id = $2 AND id = $1`,
      [id, await ownerId(OWN)],
    );
  }

  it('shows the token once, stores only its SHA-256, and lists the key by its prefix', async () => {
    const created = await partnerKey(['inventory:read'], 'Shown once');
    expect(created.token).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 8));
    expect(created.scopes).toEqual(['inventory:read']);
    expect(created.createdBy?.name).toBeTruthy();
    expect(created.lastUsedAt).toBeNull();
    // 90 days by default.
    const lifetime = Date.parse(created.expiresAt) - Date.parse(created.createdAt);
    expect(Math.round(lifetime / DAY)).toBe(90);

    const row = await keyRow(created.id);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(8));

    const list = await as('admin', { url: `/api/partners/${OWN}/api-keys` });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ items: KeyJson[] }>().items.find((key) => key.id === created.id);
    expect(listed).toMatchObject({ name: 'Shown once', prefix: created.prefix });
    expect(listed).not.toHaveProperty('token');
    expect(list.body).not.toContain(created.token.slice(8));
  });

  it('writes the last use at most once a minute', async () => {
    const key = await partnerKey(['inventory:read'], 'Last used');
    const read = () => withKey(key.token, { url: `/api/partners/${OWN}/inventory?limit=1` });
    expect((await read()).statusCode).toBe(200);
    const first = (await keyRow(key.id)).last_used_at as Date;
    expect(first).toBeInstanceOf(Date);
    expect((await read()).statusCode).toBe(200);
    expect(((await keyRow(key.id)).last_used_at as Date).getTime()).toBe(first.getTime());
    await setKey(key.id, 'last_used_at', `now() - interval '2 minutes'`);
    expect((await read()).statusCode).toBe(200);
    const later = (await keyRow(key.id)).last_used_at as Date;
    expect(Date.now() - later.getTime()).toBeLessThan(60_000);
    const listed = await as('admin', { url: `/api/partners/${OWN}/api-keys` });
    expect(listed.json<{ items: KeyJson[] }>().items.find((k) => k.id === key.id)?.lastUsedAt).toBe(
      later.toISOString(),
    );
  });

  it('refuses a revoked key at once, and audits the creation and the revocation', async () => {
    const key = await partnerKey(['inventory:read'], 'Revoked');
    const read = () => withKey(key.token, { url: `/api/partners/${OWN}/inventory?limit=1` });
    expect((await read()).statusCode).toBe(200);
    const revoked = await as('admin', {
      method: 'DELETE',
      url: `/api/partners/${OWN}/api-keys/${key.id}`,
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await read();
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      401,
      'unauthorized',
    ]);
    const adminId = (await api.app.get(UsersRepository).findByEmail('admin@acme.example'))?.id;
    expect(await auditActions(`api_key:${key.id}`)).toEqual([
      { action: 'api_key.created', actor: adminId },
      { action: 'api_key.revoked', actor: adminId },
    ]);
  });

  it('refuses an expired key, an unknown one and a malformed one: 401', async () => {
    const key = await partnerKey(['inventory:read'], 'Expired');
    await setKey(key.id, 'expires_at', `now() - interval '1 second'`);
    for (const token of [key.token, `ppk_${'A'.repeat(43)}`, 'ppk_short']) {
      const response = await withKey(token, { url: `/api/partners/${OWN}/inventory` });
      expect(response.statusCode).toBe(401);
      expect((await withKey(token, { url: '/api/me' })).statusCode).toBe(401);
    }
  });

  it('answers 400 validation for an unknown scope, a scope of the other kind, and a bad expiry', async () => {
    const now = Date.now();
    const bodies: Array<[string, string, Record<string, unknown>]> = [
      [OWN, 'scopes', { name: 'x', scopes: ['inventory:write'] }],
      [OWN, 'scopes', { name: 'x', scopes: ['movements:write'] }],
      [OWN, 'scopes', { name: 'x', scopes: [] }],
      [
        OWN,
        'expiresAt',
        { name: 'x', scopes: ['claims:read'], expiresAt: new Date(now - 1000).toISOString() },
      ],
      [
        OWN,
        'expiresAt',
        { name: 'x', scopes: ['claims:read'], expiresAt: new Date(now + 366 * DAY).toISOString() },
      ],
      [OWN, 'expiresAt', { name: 'x', scopes: ['claims:read'], expiresAt: 'tomorrow' }],
      [OWN, 'kind', { name: 'x', scopes: ['claims:read'], kind: 'network' }],
      ['staff', 'scopes', { name: 'x', scopes: ['inventory:read'] }],
      ['staff', 'scopes', { name: 'x', scopes: ['claims:write'] }],
    ];
    const failures: string[] = [];
    for (const [where, field, payload] of bodies) {
      const response =
        where === 'staff'
          ? await as('staff', { method: 'POST', url: '/api/staff/api-keys', payload })
          : await as('admin', { method: 'POST', url: `/api/partners/${where}/api-keys`, payload });
      const body = response.json<{ code: string; errors?: Array<{ field: string }> }>();
      if (
        response.statusCode !== 400 ||
        body.code !== 'validation' ||
        !(body.errors ?? []).some((error) => error.field === field)
      ) {
        failures.push(`${JSON.stringify(payload)}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    // A year exactly is allowed.
    const yearly = await createKey('admin', `/api/partners/${OWN}/api-keys`, {
      name: 'Yearly',
      scopes: ['claims:read'],
      expiresAt: new Date(now + 364 * DAY).toISOString(),
    });
    expect(yearly.token).toMatch(/^ppk_/);
  });

  it('answers 404 for another owner’s key id, and revokes nothing', async () => {
    const foreign = await partnerKey(['inventory:read'], 'Northwind key', OTHER, 'otherAdmin');
    const network = await networkKey(['claims:read'], 'Not a partner’s');
    const attempts = [
      await as('admin', { method: 'DELETE', url: `/api/partners/${OWN}/api-keys/${foreign.id}` }),
      await as('admin', { method: 'DELETE', url: `/api/partners/${OWN}/api-keys/${network.id}` }),
      await as('staff', { method: 'DELETE', url: `/api/staff/api-keys/${foreign.id}` }),
      await as('admin', { method: 'DELETE', url: `/api/partners/${OWN}/api-keys/not-a-uuid` }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await keyRow(foreign.id, OTHER)).revoked_at).toBeNull();
    expect((await keyRow(network.id, null)).revoked_at).toBeNull();
    const own = await as('admin', { url: `/api/partners/${OWN}/api-keys?limit=100` });
    expect(own.json<{ items: KeyJson[] }>().items.map((key) => key.id)).not.toContain(foreign.id);
  });

  it('lets a network key record movements on any partner, and read nothing it was not given', async () => {
    const key = await networkKey(['movements:write']);
    for (const slug of [OWN, OTHER]) {
      const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug });
      const [item] = await insertItems(dataSource, partner.id, [
        { sku: `NET-${randomUUID()}`, onHand: 3 },
      ]);
      // A cookie of a signed-in admin beside the key changes nothing: no CSRF token is asked for.
      const session = await signIn(api, 'admin@acme.example', 'portal-demo-passphrase');
      const recorded = await withKey(key.token, {
        method: 'POST',
        url: `/api/partners/${slug}/inventory/${item?.id}/movements`,
        headers: { cookie: session.cookie },
        payload: { kind: 'receipt', quantity: 2, reference: 'ASN-KEY' },
      });
      expect(recorded.statusCode).toBe(201);
      const rows = (await dataSource.query(
        `SELECT recorded_by_user_id, recorded_by_key_id FROM inventory_movements
          WHERE partner_id = $1 AND item_id = $2`,
        [partner.id, item?.id],
      )) as Array<{ recorded_by_user_id: string | null; recorded_by_key_id: string }>;
      expect(rows).toEqual([{ recorded_by_user_id: null, recorded_by_key_id: key.id }]);
      const listed = await withKey(key.token, { url: `/api/partners/${slug}/inventory` });
      expect([listed.statusCode, listed.json<{ code: string }>().code]).toEqual([
        403,
        'insufficient_scope',
      ]);
    }
  });

  it('names the key as creator and actor in a claim and its timeline, with no staff action', async () => {
    const key = await partnerKey(['claims:read', 'claims:write'], 'ERP bridge');
    const partner = await dataSource.getRepository(Partner).findOneByOrFail({ slug: OWN });
    const [item] = await insertItems(dataSource, partner.id, [
      { sku: `KEY-${randomUUID()}`, onHand: 3 },
    ]);
    const filing = {
      method: 'POST' as const,
      url: `/api/partners/${OWN}/claims`,
      headers: { 'idempotency-key': `erp-${randomUUID()}` },
      payload: {
        type: 'other',
        itemId: item?.id,
        quantity: 1,
        incidentDate: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
        description: 'Filed by the ERP.',
      },
    };
    const created = await withKey(key.token, filing);
    expect(created.statusCode).toBe(201);
    // A retry with the same Idempotency-Key is the key's own: the first claim again.
    const retried = await withKey(key.token, filing);
    expect(retried.json<{ id: string }>().id).toBe(created.json<{ id: string }>().id);
    const claim = created.json<{
      id: string;
      createdBy: { id: string; name: string };
      allowedActions: string[];
    }>();
    expect(claim.createdBy).toEqual({ id: key.id, name: 'key: ERP bridge' });
    expect(claim.allowedActions).toEqual(expect.arrayContaining(['edit', 'delete']));
    const comment = await withKey(key.token, {
      method: 'POST',
      url: `/api/partners/${OWN}/claims/${claim.id}/events`,
      payload: { body: 'Synced from the ERP.' },
    });
    expect(comment.statusCode).toBe(201);
    const internal = await withKey(key.token, {
      method: 'POST',
      url: `/api/partners/${OWN}/claims/${claim.id}/events`,
      payload: { body: 'Internal?', internal: true },
    });
    expect(internal.statusCode).toBe(403);
    const events = await as('manager', { url: `/api/partners/${OWN}/claims/${claim.id}/events` });
    expect(
      events
        .json<{ items: Array<{ kind: string; actor: { id: string; name: string } }> }>()
        .items.map(({ kind, actor }) => ({ kind, actor })),
    ).toEqual([
      { kind: 'created', actor: { id: key.id, name: 'key: ERP bridge' } },
      { kind: 'comment', actor: { id: key.id, name: 'key: ERP bridge' } },
    ]);
    const form = evidenceForm('erp.png', samplePng());
    const uploaded = await withKey(key.token, {
      method: 'POST',
      url: `/api/partners/${OWN}/claims/${claim.id}/attachments`,
      headers: form.headers,
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json<{ uploadedBy: unknown }>().uploadedBy).toEqual({
      id: key.id,
      name: 'key: ERP bridge',
    });
    // The overview's recent activity names it too.
    const overview = await as('manager', { url: `/api/partners/${OWN}/overview` });
    const number = created.json<{ number: string }>().number;
    expect(
      overview
        .json<{ recentActivity: Array<{ summary: string }> }>()
        .recentActivity.map((entry) => entry.summary),
    ).toEqual(
      expect.arrayContaining([
        `key: ERP bridge created ${number}.`,
        `key: ERP bridge commented on ${number}.`,
      ]),
    );
    // A submitted claim: the key is offered the partner's actions only, never staff's.
    await dataSource.query(
      `UPDATE claims SET status = 'submitted', submitted_at = now() WHERE partner_id = $1 AND id = $2`,
      [partner.id, claim.id],
    );
    const seen = await withKey(key.token, { url: `/api/partners/${OWN}/claims/${claim.id}` });
    expect(seen.json<{ allowedActions: string[] }>().allowedActions).toEqual(['withdraw']);
  });

  it('limits a key to 600 requests a minute: then 429 with Retry-After', async () => {
    const key = await partnerKey(['claims:read'], 'Busy');
    let last: LightMyRequestResponse | undefined;
    let refusedAt: number | undefined;
    for (let request = 1; request <= 601; request += 1) {
      last = await withKey(key.token, { url: '/api/me' });
      if (last.statusCode === 429) {
        refusedAt = request;
        break;
      }
    }
    expect(refusedAt).toBe(601);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
    expect(last?.json<{ code: string }>().code).toBe('rate_limited');
    // Another key is counted apart.
    const other = await partnerKey(['inventory:read'], 'Quiet');
    expect((await withKey(other.token, { url: `/api/partners/${OWN}/inventory` })).statusCode).toBe(
      200,
    );
  }, 60_000);
});
