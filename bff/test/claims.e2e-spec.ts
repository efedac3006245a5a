import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { CHEAP_ARGON2 } from './support/identity.js';
import { insertItems } from './support/inventory.js';
import {
  type ClaimsWorld,
  claimsClient,
  claimsWorld,
  dayFromToday,
  draftBody,
  insertEvidence,
  insertMovement,
  movementDraftBody,
} from './support/claims-api.js';
import { type TestApp, TEST_PUBLIC_URL, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { jobsSettled } from './support/jobs.js';

interface ClaimJson {
  id: string;
  number: string;
  type: string;
  status: string;
  version: number;
  allowedActions: string[];
  missing: Array<{ field: string; message: string }>;
  partiallyApproved: boolean;
  amountClaimed: { amount: number; currency: string };
  amountApproved: { amount: number; currency: string } | null;
  unitValue: { amount: number; currency: string };
  item: { id: string; sku: string; name: string } | null;
  movementId: string | null;
  quantity: number;
  decisionReason: string | null;
  payoutReference: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  createdBy: { id: string; name: string } | null;
}

/**
 * The claims API (docs/api.md, Claims; docs/product.md §4): filing, editing, the lifecycle with its
 * status codes in their order, the timeline, the e-mails, the audit rows, the list, the movement's claim.
 */
describe('claims API', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let outbox: string;
  let world: ClaimsWorld;
  let client: ReturnType<typeof claimsClient>;

  beforeAll(async () => {
    database = await startTestDatabase();
    outbox = await mkdtemp(path.join(tmpdir(), 'claims-outbox-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, MAIL_OUTBOX_DIR: outbox },
    });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'claims');
    client = claimsClient(api, world);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  async function draft(extra: Record<string, unknown> = {}): Promise<ClaimJson> {
    const response = await client.create('manager', draftBody(world, extra));
    expect(response.statusCode).toBe(201);
    return response.json<ClaimJson>();
  }

  /** A draft of `type` filed from a fresh movement of its kind (an `other` one from none). */
  async function draftOf(
    type: 'lost' | 'damaged' | 'shortage' | 'other',
    extra: Record<string, unknown> = {},
  ): Promise<ClaimJson> {
    const response = await client.create(
      'manager',
      await movementDraftBody(dataSource, world, type, extra),
    );
    expect(response.statusCode).toBe(201);
    return response.json<ClaimJson>();
  }

  async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
    // E-mails go through the job queue: wait for it to deliver what was enqueued.
    await jobsSettled(api.app);
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.json')).sort();
    const mails = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8'))),
    );
    return (mails as Array<{ to: Array<{ address: string }>; subject: string; text: string }>)
      .filter((mail) => mail.to.some((to) => to.address === email))
      .map(({ subject, text }) => ({ subject, text }));
  }

  describe('filing', () => {
    it('files a draft: 201, version 1, the next number, Location and ETag, unit value from the item', async () => {
      const response = await client.create('manager', draftBody(world));

      expect(response.statusCode).toBe(201);
      const claim = response.json<ClaimJson>();
      expect(claim).toMatchObject({
        type: 'other',
        status: 'draft',
        version: 1,
        quantity: 2,
        unitValue: { amount: 250, currency: 'EUR' },
        amountClaimed: { amount: 500, currency: 'EUR' },
        amountApproved: null,
        partiallyApproved: false,
        item: { id: world.item.id, sku: world.item.sku, name: world.item.name },
        createdBy: { id: world.userIds.manager },
        allowedActions: ['submit', 'edit', 'delete'],
        missing: [],
      });
      expect(claim.number).toMatch(/^CLM-\d{6}$/);
      expect(response.headers.etag).toBe('"1"');
      expect(response.headers.location).toBe(`${client.base}/${claim.id}`);
      const events = await client.send('viewer', 'GET', `/${claim.id}/events`);
      expect(events.json()).toMatchObject({
        items: [{ kind: 'created', actor: { id: world.userIds.manager }, body: null }],
        total: 1,
      });
    });

    it('shows each caller what they may do: a viewer nothing, staff nothing on a draft', async () => {
      const claim = await draft();
      const asViewer = await client.get('viewer', claim.id);
      const asStaff = await client.get('staff', claim.id);
      const asAdmin = await client.get('admin', claim.id);

      expect(asViewer.statusCode).toBe(200);
      expect(asViewer.headers.etag).toBe('"1"');
      expect(asViewer.json<ClaimJson>().allowedActions).toEqual([]);
      expect(asStaff.json<ClaimJson>().allowedActions).toEqual([]);
      expect(asAdmin.json<ClaimJson>().allowedActions).toEqual(['submit', 'edit', 'delete']);
    });

    it('answers 404 for another partner’s member, a missing id and a non-UUID alike', async () => {
      const claim = await draft();
      const outsider = await client.get('outsider', claim.id);
      const missing = await client.get('viewer', '00000000-0000-4000-8000-000000000000');
      const garbage = await client.get('viewer', 'not-a-uuid');

      for (const response of [outsider, missing, garbage]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    });

    it('refuses viewers and staff (403) and a malformed body (400 with the fields)', async () => {
      expect((await client.create('viewer', draftBody(world))).statusCode).toBe(403);
      expect((await client.create('staff', draftBody(world))).statusCode).toBe(403);
      const bad = await client.create('manager', {
        ...draftBody(world),
        quantity: 0,
        description: 'short',
        incidentDate: '2026-02-30',
        extra: true,
      });
      expect(bad.statusCode).toBe(400);
      const fields = bad.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field);
      expect(fields).toEqual(
        expect.arrayContaining(['quantity', 'description', 'incidentDate', 'extra']),
      );
    });

    it('keeps the incident date in the filing window: not in the future, at most 60 days ago', async () => {
      const tz = world.partner.timeZone;
      const future = await client.create(
        'manager',
        draftBody(world, { incidentDate: dayFromToday(1, tz) }),
      );
      const old = await client.create(
        'manager',
        draftBody(world, { incidentDate: dayFromToday(-61, tz) }),
      );
      const edge = await client.create(
        'manager',
        draftBody(world, { incidentDate: dayFromToday(-60, tz) }),
      );

      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({ errors: [{ field: 'incidentDate' }] });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ errors: [{ field: 'incidentDate' }] });
      expect(edge.statusCode).toBe(201);
    });

    it('files from a movement: its item, its kind, at most its quantity, one claim per movement', async () => {
      const { partner, item } = world;
      const loss = await insertMovement(dataSource, partner.id, item.id, 'loss', -4);
      const damage = await insertMovement(dataSource, partner.id, item.id, 'damage', -2);

      const wrongKind = await client.create('manager', {
        type: 'lost',
        movementId: damage,
        quantity: 1,
        incidentDate: dayFromToday(-1),
        description: 'A loss that was a damage.',
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json()).toMatchObject({ errors: [{ field: 'movementId' }] });

      const tooMany = await client.create('manager', {
        type: 'lost',
        movementId: loss,
        quantity: 5,
        incidentDate: dayFromToday(-1),
        description: 'More than were lost.',
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({ errors: [{ field: 'quantity' }] });

      const filed = await client.create('manager', {
        type: 'lost',
        movementId: loss,
        quantity: 4,
        incidentDate: dayFromToday(-1),
        description: 'Four units lost in the move.',
      });
      expect(filed.statusCode).toBe(201);
      const claim = filed.json<ClaimJson>();
      expect(claim).toMatchObject({ movementId: loss, item: { id: item.id }, quantity: 4 });

      const again = await client.create('admin', {
        type: 'lost',
        movementId: loss,
        quantity: 1,
        incidentDate: dayFromToday(-1),
        description: 'The same loss again.',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'movement_already_claimed' });

      // The movement shows its claim, in the history and alone.
      const movement = await api.request({
        url: `/api/partners/${partner.slug}/inventory/${item.id}/movements/${loss}`,
        headers: { authorization: `Bearer ${world.tokens.viewer}` },
      });
      expect(movement.statusCode).toBe(200);
      expect(movement.json()).toMatchObject({
        id: loss,
        kind: 'loss',
        claim: { id: claim.id, number: claim.number, status: 'draft' },
      });
      const history = await api.request({
        url: `/api/partners/${partner.slug}/inventory/${item.id}/movements?limit=100`,
        headers: { authorization: `Bearer ${world.tokens.viewer}` },
      });
      const listed = history
        .json<{ items: Array<{ id: string; claim: unknown }> }>()
        .items.find((entry) => entry.id === loss);
      expect(listed?.claim).toEqual({ id: claim.id, number: claim.number, status: 'draft' });
      const unclaimed = history
        .json<{ items: Array<{ id: string; claim: unknown }> }>()
        .items.find((entry) => entry.id === damage);
      expect(unclaimed?.claim).toBeNull();
    });

    it('files each type from its kind of movement only, of the item and the partner', async () => {
      const { partner, item } = world;
      const damage = await insertMovement(dataSource, partner.id, item.id, 'damage', -3);
      const receipt = await insertMovement(dataSource, partner.id, item.id, 'receipt', 20);
      const shipment = await insertMovement(dataSource, partner.id, item.id, 'shipment', -5);
      const other = await claimsWorld(api, dataSource, 'claims-foreign');
      const foreign = await insertMovement(dataSource, other.partner.id, other.item.id, 'loss', -1);
      const [secondItem] = await insertItems(dataSource, partner.id, [
        { sku: `SECOND-${Date.now()}`, unitValue: 40 },
      ]);
      const file = (extra: Record<string, unknown>) =>
        client.create('manager', {
          quantity: 1,
          incidentDate: dayFromToday(-1),
          description: 'Filed from a movement.',
          ...extra,
        });
      const field = async (extra: Record<string, unknown>) => {
        const response = await file(extra);
        expect(response.statusCode).toBe(400);
        return response.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field);
      };

      expect((await file({ type: 'damaged', movementId: damage })).statusCode).toBe(201);
      expect((await file({ type: 'shortage', movementId: receipt, quantity: 20 })).statusCode).toBe(
        201,
      );
      expect(await field({ type: 'lost', movementId: shipment })).toEqual(['movementId']);
      expect(await field({ type: 'other', movementId: shipment })).toEqual(['movementId']);
      expect(await field({ type: 'lost', movementId: foreign })).toEqual(['movementId', 'itemId']);
      expect(
        await field({ type: 'damaged', movementId: damage, itemId: secondItem?.id ?? '' }),
      ).toEqual(['movementId']);
      // A lost claim needs its loss movement (docs/product.md §4): the item alone does not do.
      expect(await field({ type: 'lost', itemId: other.item.id })).toEqual([
        'movementId',
        'itemId',
      ]);
      expect(await field({ type: 'lost', itemId: item.id })).toEqual(['movementId']);
      expect(await field({ ...draftBody(world), description: '          ' })).toEqual([
        'description',
      ]);
      expect(await field({ ...draftBody(world), reference: 'r'.repeat(201) })).toEqual([
        'reference',
      ]);
    });

    it('copies the unit value from the item when filed, and again only when an edit changes the item', async () => {
      const [first, second] = await insertItems(dataSource, world.partner.id, [
        { sku: `PRICE-A-${Date.now()}`, unitValue: 1000 },
        { sku: `PRICE-B-${Date.now()}`, unitValue: 30 },
      ]);
      const claim = await draft({ itemId: first?.id, quantity: 2 });
      expect(claim.unitValue.amount).toBe(1000);
      // The item's price changes: the claim keeps what it was filed with, also through an edit.
      await dataSource.query(
        `UPDATE inventory_items SET unit_value = 1500 WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, first?.id],
      );
      const edited = await client.patch('manager', claim.id, { quantity: 3 }, 1);
      expect(edited.json()).toMatchObject({
        unitValue: { amount: 1000 },
        amountClaimed: { amount: 3000 },
      });
      const moved = await client.patch('manager', claim.id, { itemId: second?.id }, 2);
      expect(moved.json()).toMatchObject({
        item: { id: second?.id },
        unitValue: { amount: 30 },
        amountClaimed: { amount: 90 },
      });
    });

    it('answers 404 for a movement of another item or partner on the single-movement route', async () => {
      const { partner, item } = world;
      const loss = await insertMovement(dataSource, partner.id, item.id, 'loss', -1);
      const response = await api.request({
        url: `/api/partners/${partner.slug}/inventory/00000000-0000-4000-8000-000000000000/movements/${loss}`,
        headers: { authorization: `Bearer ${world.tokens.viewer}` },
      });
      expect(response.statusCode).toBe(404);
    });

    it('lets a claim of type other without an item state its unit value; no one else', async () => {
      const other = await client.create('manager', {
        type: 'other',
        quantity: 3,
        unitValue: 1999,
        incidentDate: dayFromToday(-2),
        description: 'Packaging costs of a repack.',
      });
      expect(other.statusCode).toBe(201);
      expect(other.json()).toMatchObject({
        item: null,
        unitValue: { amount: 1999 },
        amountClaimed: { amount: 5997 },
      });
      const lost = await client.create('manager', draftBody(world, { unitValue: 1 }));
      expect(lost.statusCode).toBe(400);
      expect(lost.json()).toMatchObject({ errors: [{ field: 'unitValue' }] });
      const noItem = await client.create(
        'manager',
        draftBody(world, { type: 'lost', itemId: undefined }),
      );
      expect(noItem.statusCode).toBe(400);
      expect(noItem.json()).toMatchObject({
        errors: [{ field: 'movementId' }, { field: 'itemId' }],
      });
      // An other claim without an item states its unit value (1 minor unit at least).
      const unstated = await client.create('manager', draftBody(world, { itemId: undefined }));
      expect(unstated.statusCode).toBe(400);
      expect(unstated.json()).toMatchObject({ errors: [{ field: 'unitValue' }] });
    });
  });

  describe('idempotency', () => {
    it('answers a retry with the first claim (201, Idempotent-Replayed) and refuses the key with another body', async () => {
      const key = `key-${Date.now()}`;
      const first = await client.create('manager', draftBody(world), { 'idempotency-key': key });
      const retry = await client.create('manager', draftBody(world), { 'idempotency-key': key });
      const other = await client.create('manager', draftBody(world, { quantity: 3 }), {
        'idempotency-key': key,
      });
      const malformed = await client.create('manager', draftBody(world), {
        'idempotency-key': 'has space',
      });

      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json<ClaimJson>().id).toBe(first.json<ClaimJson>().id);
      expect(retry.headers.location).toBe(first.headers.location);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ errors: [{ field: 'Idempotency-Key' }] });
    });
  });

  describe('editing and deleting a draft', () => {
    it('checks in order: 404, 403, 428, 412 (with the current claim), 409, then the fields', async () => {
      const claim = await draft();
      const missing = await client.patch(
        'manager',
        '00000000-0000-4000-8000-000000000000',
        { quantity: 3 },
        1,
      );
      const viewer = await client.patch('viewer', claim.id, { quantity: 3 }, undefined);
      const noIfMatch = await client.patch('manager', claim.id, { quantity: 3 }, undefined);
      const star = await client.send('manager', 'PATCH', `/${claim.id}`, {
        payload: { quantity: 3 },
        headers: { 'if-match': '*' },
      });
      const stale = await client.patch('manager', claim.id, { quantity: 3 }, 7);

      expect(missing.statusCode).toBe(404);
      expect(viewer.statusCode).toBe(403);
      expect(noIfMatch.statusCode).toBe(428);
      expect(noIfMatch.json()).toMatchObject({ code: 'precondition_required' });
      expect(star.statusCode).toBe(428);
      expect(stale.statusCode).toBe(412);
      expect(stale.headers.etag).toBe('"1"');
      expect(stale.json()).toMatchObject({
        code: 'stale',
        claim: { id: claim.id, version: 1, allowedActions: ['submit', 'edit', 'delete'] },
      });

      const edited = await client.patch('manager', claim.id, { quantity: 3, reference: 'PO-7' }, 1);
      expect(edited.statusCode).toBe(200);
      expect(edited.headers.etag).toBe('"2"');
      expect(edited.json()).toMatchObject({
        version: 2,
        quantity: 3,
        amountClaimed: { amount: 750 },
        reference: 'PO-7',
      });
      const events = await client.send('viewer', 'GET', `/${claim.id}/events`);
      expect(events.json<{ items: Array<{ kind: string; body: string | null }> }>().items).toEqual([
        expect.objectContaining({ kind: 'created' }),
        expect.objectContaining({ kind: 'edit', body: 'quantity, reference' }),
      ]);

      const submitted = await client.transition('manager', claim.id, { action: 'submit' }, 2);
      expect(submitted.statusCode).toBe(200);
      const notDraft = await client.patch('manager', claim.id, { quantity: 1 }, 3);
      expect(notDraft.statusCode).toBe(409);
      expect(notDraft.json()).toMatchObject({
        code: 'transition_not_allowed',
        allowedActions: ['withdraw'],
      });
      const badField = await client.patch(
        'manager',
        (await draft()).id,
        { incidentDate: dayFromToday(5) },
        1,
      );
      expect(badField.statusCode).toBe(400);
      expect(badField.json()).toMatchObject({ errors: [{ field: 'incidentDate' }] });
    });

    it('deletes a draft with its evidence (204); a submitted claim is 409', async () => {
      const claim = await draft();
      const key = await insertEvidence(dataSource, world.partner.id, claim.id);
      const noIfMatch = await client.remove('manager', claim.id, undefined);
      const viewer = await client.remove('viewer', claim.id, 1);
      const deleted = await client.remove('manager', claim.id, 1);

      expect(noIfMatch.statusCode).toBe(428);
      expect(viewer.statusCode).toBe(403);
      expect(deleted.statusCode).toBe(204);
      expect((await client.get('manager', claim.id)).statusCode).toBe(404);
      const blobs = (await dataSource.query(
        `SELECT count(*)::int AS n FROM claim_evidence_blobs WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, key],
      )) as Array<{ n: number }>;
      expect(blobs[0]?.n).toBe(0);

      const other = await draft();
      await client.transition('manager', other.id, { action: 'submit' }, 1);
      const refused = await client.remove('manager', other.id, 2);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'transition_not_allowed' });
    });
  });

  describe('the lifecycle', () => {
    it('walks draft → paid with partial approval: events, audit rows and an e-mail per change', async () => {
      const claim = await draft({ quantity: 4 });
      const steps: Array<[string, Record<string, unknown>, string]> = [
        ['manager', { action: 'submit' }, 'submitted'],
        ['staff', { action: 'start_review' }, 'in_review'],
        ['staff', { action: 'request_info', message: 'Which shipment was it?' }, 'info_requested'],
        ['admin', { action: 'respond', message: 'Shipment SH-42.' }, 'in_review'],
        [
          'staff',
          { action: 'approve', amountApproved: 600, message: 'Three of four.' },
          'approved',
        ],
        ['staff', { action: 'mark_paid', payoutReference: 'PAY-2026-001' }, 'paid'],
      ];
      let version = 1;
      for (const [who, payload, status] of steps) {
        const response = await client.transition(
          who as 'manager' | 'staff' | 'admin',
          claim.id,
          payload,
          version,
        );
        expect(response.statusCode).toBe(200);
        version += 1;
        expect(response.headers.etag).toBe(`"${version}"`);
        expect(response.json<ClaimJson>()).toMatchObject({ status, version });
      }
      const paid = (await client.get('viewer', claim.id)).json<ClaimJson>();
      expect(paid).toMatchObject({
        status: 'paid',
        partiallyApproved: true,
        amountApproved: { amount: 600, currency: 'EUR' },
        amountClaimed: { amount: 1000 },
        decisionReason: 'Three of four.',
        payoutReference: 'PAY-2026-001',
        allowedActions: [],
      });
      expect(paid.submittedAt).not.toBeNull();
      expect(paid.decidedAt).not.toBeNull();

      const events = (await client.send('viewer', 'GET', `/${claim.id}/events`)).json<{
        items: Array<{ kind: string; fromStatus: string | null; toStatus: string | null }>;
      }>();
      expect(
        events.items.filter((e) => e.kind === 'transition').map((e) => [e.fromStatus, e.toStatus]),
      ).toEqual([
        ['draft', 'submitted'],
        ['submitted', 'in_review'],
        ['in_review', 'info_requested'],
        ['info_requested', 'in_review'],
        ['in_review', 'approved'],
        ['approved', 'paid'],
      ]);

      const audit = (await dataSource.query(
        `SELECT action, target, actor_user_id FROM audit_logs WHERE partner_id = $1 AND target = $2 ORDER BY at, id`,
        [world.partner.id, `claim:${claim.id}`],
      )) as Array<{ action: string; actor_user_id: string }>;
      expect(audit.map((row) => row.action)).toEqual(['claim.approved', 'claim.paid']);
      expect(audit.every((row) => row.actor_user_id === world.userIds.staff)).toBe(true);

      // The creator (the manager) is e-mailed about every change but their own submit (the
      // product rule: nobody is e-mailed about their own change).
      const mails = (await mailsTo(world.emails.manager)).filter((mail) =>
        mail.subject.includes(claim.number),
      );
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Claim ${claim.number}: in review`,
        `Claim ${claim.number}: information requested`,
        `Claim ${claim.number}: information request answered`,
        `Claim ${claim.number}: approved`,
        `Claim ${claim.number}: paid`,
      ]);
      for (const mail of mails) {
        expect(mail.text).toContain(`${TEST_PUBLIC_URL}/${world.partner.slug}/claims/${claim.id}`);
        expect(mail.text).toContain('Amount claimed: 10.00 EUR');
        expect(mail.text).not.toMatch(/It is now/);
      }
      expect(mails[1]?.text).toContain('Question:\nWhich shipment was it?');
      expect(mails[2]?.text).toContain('Answer:\nShipment SH-42.');
      expect(mails[3]?.text).toMatch(/ was approved \(by staff-[^)]+\)\./);
      expect(mails[3]?.text).toContain('Amount approved: 6.00 EUR');
      expect(mails[3]?.text).not.toContain('Payout reference');
      expect(mails[4]?.text).toMatch(/ was paid out \(by staff-[^)]+\)\./);
      expect(mails[4]?.text).toContain('Amount approved: 6.00 EUR');
      expect(mails[4]?.text).toContain('Payout reference: PAY-2026-001');
      // The timeline's approval and payment carry the amount and the payout reference.
      const decided = (await client.send('viewer', 'GET', `/${claim.id}/events`)).json<{
        items: Array<{
          toStatus: string | null;
          amountApproved: { amount: number; currency: string } | null;
          payoutReference: string | null;
        }>;
      }>();
      expect(decided.items.find((e) => e.toStatus === 'approved')).toMatchObject({
        amountApproved: { amount: 600, currency: 'EUR' },
        payoutReference: null,
      });
      expect(decided.items.find((e) => e.toStatus === 'paid')).toMatchObject({
        amountApproved: null,
        payoutReference: 'PAY-2026-001',
      });
      expect(decided.items.find((e) => e.toStatus === 'submitted')).toMatchObject({
        amountApproved: null,
        payoutReference: null,
      });
    });

    it('refuses in order: 404, 403, 428, 412, 409 with the allowed actions, 400 fields, 422 incomplete', async () => {
      const claim = await draftOf('damaged', { quantity: 2 });
      const t = (who: 'manager' | 'staff' | 'viewer', payload: object, version?: number) =>
        client.transition(who, claim.id, payload as Record<string, unknown>, version);

      expect((await client.transition('staff', 'nope', { action: 'submit' }, 1)).statusCode).toBe(
        404,
      );
      expect((await t('viewer', { action: 'submit' }, 1)).statusCode).toBe(403);
      expect((await t('staff', { action: 'submit' }, 1)).statusCode).toBe(403);
      expect((await t('manager', { action: 'approve', amountApproved: 1 }, 1)).statusCode).toBe(
        403,
      );
      expect((await t('manager', { action: 'submit' })).statusCode).toBe(428);
      const stale = await t('manager', { action: 'submit' }, 9);
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'stale', claim: { version: 1 } });
      const notNow = await t('manager', { action: 'withdraw' }, 1);
      expect(notNow.statusCode).toBe(409);
      expect(notNow.json()).toMatchObject({
        code: 'transition_not_allowed',
        allowedActions: ['submit', 'edit', 'delete'],
      });
      const badBody = await t('manager', { action: 'fly' }, 1);
      expect(badBody.statusCode).toBe(400);

      // A damaged claim needs a photo before submit: 422 with what is missing.
      expect(claim.missing).toEqual([{ field: 'attachments', message: expect.any(String) }]);
      const incomplete = await t('manager', { action: 'submit' }, 1);
      expect(incomplete.statusCode).toBe(422);
      expect(incomplete.json()).toMatchObject({
        code: 'claim_incomplete',
        errors: [{ field: 'attachments' }],
      });
      await insertEvidence(dataSource, world.partner.id, claim.id, 'application/pdf');
      expect((await t('manager', { action: 'submit' }, 1)).statusCode).toBe(422);
      await insertEvidence(dataSource, world.partner.id, claim.id, 'image/jpeg');
      expect((await client.get('manager', claim.id)).json<ClaimJson>().missing).toEqual([]);
      expect((await t('manager', { action: 'submit' }, 1)).statusCode).toBe(200);

      expect((await t('staff', { action: 'start_review' }, 2)).statusCode).toBe(200);
      const noMessage = await t('staff', { action: 'request_info' }, 3);
      expect(noMessage.statusCode).toBe(400);
      expect(noMessage.json()).toMatchObject({ errors: [{ field: 'message' }] });
      const tooMuch = await t('staff', { action: 'approve', amountApproved: 501 }, 3);
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toMatchObject({ errors: [{ field: 'amountApproved' }] });
      const noReason = await t('staff', { action: 'reject' }, 3);
      expect(noReason.statusCode).toBe(400);
      // A stale version wins over a missing field.
      expect((await t('staff', { action: 'reject' }, 2)).statusCode).toBe(412);
      const rejected = await t('staff', { action: 'reject', message: 'Not our fault.' }, 3);
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({
        status: 'rejected',
        decisionReason: 'Not our fault.',
        allowedActions: [],
      });
    });

    it('refuses submit of a draft whose incident date left the filing window (422)', async () => {
      const claim = await draft();
      await dataSource.query(
        `UPDATE claims SET incident_date = $3 WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, claim.id, dayFromToday(-61)],
      );
      const fetched = (await client.get('manager', claim.id)).json<ClaimJson>();
      expect(fetched.missing).toEqual([{ field: 'incidentDate', message: expect.any(String) }]);
      const response = await client.transition('manager', claim.id, { action: 'submit' }, 1);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: [{ field: 'incidentDate' }] });
    });

    it('frees the movement when its claim is withdrawn', async () => {
      const loss = await insertMovement(dataSource, world.partner.id, world.item.id, 'loss', -2);
      const body = {
        type: 'lost',
        movementId: loss,
        quantity: 2,
        incidentDate: dayFromToday(-1),
        description: 'Two units lost.',
      };
      const first = (await client.create('manager', body)).json<ClaimJson>();
      await client.transition('manager', first.id, { action: 'submit' }, 1);
      const withdrawn = await client.transition('admin', first.id, { action: 'withdraw' }, 2);
      expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
      expect((await client.create('manager', body)).statusCode).toBe(201);
    });
  });

  describe('comments', () => {
    it('lets managers, admins and staff comment (201), not viewers; the version stays', async () => {
      const claim = await draft();
      const comment = (who: 'viewer' | 'manager' | 'staff', body: unknown) =>
        client.send(who, 'POST', `/${claim.id}/events`, { payload: { body } });

      expect((await comment('viewer', 'Hello there')).statusCode).toBe(403);
      expect((await comment('manager', '')).statusCode).toBe(400);
      expect((await comment('manager', 'x'.repeat(5001))).statusCode).toBe(400);
      const posted = await comment('manager', 'Photos follow tomorrow.');
      expect(posted.statusCode).toBe(201);
      expect(posted.json()).toMatchObject({
        kind: 'comment',
        body: 'Photos follow tomorrow.',
        actor: { id: world.userIds.manager },
      });
      expect((await comment('staff', 'Thanks.')).statusCode).toBe(201);
      // As a transition names its text, too; not both.
      const asMessage = await client.send('admin', 'POST', `/${claim.id}/events`, {
        payload: { message: 'Also as message.' },
      });
      expect(asMessage.statusCode).toBe(201);
      expect(asMessage.json()).toMatchObject({ kind: 'comment', body: 'Also as message.' });
      const both = await client.send('admin', 'POST', `/${claim.id}/events`, {
        payload: { body: 'One', message: 'Two' },
      });
      expect(both.statusCode).toBe(400);
      expect((await client.get('manager', claim.id)).json<ClaimJson>().version).toBe(1);
      const outsider = await client.send('outsider', 'POST', `/${claim.id}/events`, {
        payload: { body: 'Hi' },
      });
      expect(outsider.statusCode).toBe(404);
    });
  });

  describe('the list', () => {
    let listWorld: ClaimsWorld;
    let list: ReturnType<typeof claimsClient>;
    const created: ClaimJson[] = [];

    beforeAll(async () => {
      listWorld = await claimsWorld(api, dataSource, 'claimlist');
      list = claimsClient(api, listWorld);
      for (let index = 0; index < 6; index += 1) {
        const response = await list.create(
          'manager',
          index % 2 === 0
            ? await movementDraftBody(dataSource, listWorld, 'lost', { quantity: index + 1 })
            : draftBody(listWorld, {
                itemId: undefined,
                unitValue: 100 * index,
                quantity: index + 1,
              }),
        );
        created.push(response.json<ClaimJson>());
      }
      await list.transition('manager', created[0]?.id ?? '', { action: 'submit' }, 1);
    });

    const page = (query: string) =>
      list
        .send('viewer', 'GET', `?${query}`)
        .then((response) => ({ status: response.statusCode, body: response.json() }));

    it('lists newest first with an exact total, and filters by status, type, item, number and dates', async () => {
      const all = await page('');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 6, totalExact: true, nextCursor: null });
      expect(all.body.items.map((claim: ClaimJson) => claim.id)).toEqual(
        [...created].reverse().map((claim) => claim.id),
      );
      const submitted = await page('status=submitted');
      expect(submitted.body).toMatchObject({ total: 1, totalExact: true });
      const others = await page('type=other');
      expect(others.body.total).toBe(3);
      const ofItem = await page(`itemId=${listWorld.item.id}`);
      expect(ofItem.body.total).toBe(3);
      const third = created[2];
      for (const q of [
        third?.number,
        third?.number.slice(4),
        String(Number(third?.number.slice(4))),
      ]) {
        const found = await page(`q=${encodeURIComponent(q ?? '')}`);
        expect(found.body.items.map((claim: ClaimJson) => claim.id)).toContain(third?.id);
      }
      const bySku = await page(`q=${encodeURIComponent(listWorld.item.sku.slice(4))}`);
      expect(bySku.body.total).toBe(3);
      const today = dayFromToday(0, listWorld.partner.timeZone);
      expect((await page(`from=${today}&to=${today}`)).body.total).toBe(6);
      expect((await page(`to=${dayFromToday(-1, listWorld.partner.timeZone)}`)).body.total).toBe(0);
      const byAmount = await page('sort=-amountClaimed&limit=2');
      expect(byAmount.body.items).toHaveLength(2);
      expect(byAmount.body.nextCursor).toEqual(expect.any(String));
      const next = await page(`sort=-amountClaimed&limit=2&cursor=${byAmount.body.nextCursor}`);
      expect(next.status).toBe(200);
      expect(next.body.items).toHaveLength(2);
    });

    it('refuses unknown values and foreign cursors (400)', async () => {
      for (const query of [
        'status=open',
        'status=draft&status=paid',
        'type=stolen',
        'sort=price',
        'from=yesterday',
        'limit=101',
        'cursor=abc',
        'itemId=nope',
      ]) {
        expect((await page(query)).status).toBe(400);
      }
      const other = await client.send('viewer', 'GET', '?limit=1');
      const cursor = other.json<{ nextCursor: string }>().nextCursor;
      expect((await page(`limit=1&cursor=${cursor}`)).status).toBe(400);
    });

    it('counts the status tabs and types from claim_counts', async () => {
      const response = await list.send('viewer', 'GET', '/facets');
      expect(response.statusCode).toBe(200);
      const facets = response.json<{
        statuses: Array<{ value: string; count: number }>;
        types: Array<{ value: string; count: number }>;
      }>();
      expect(facets.statuses.map((s) => s.value)).toEqual([
        'draft',
        'submitted',
        'in_review',
        'info_requested',
        'approved',
        'rejected',
        'paid',
        'withdrawn',
      ]);
      expect(facets.statuses.find((s) => s.value === 'draft')?.count).toBe(5);
      expect(facets.statuses.find((s) => s.value === 'submitted')?.count).toBe(1);
      expect(facets.types).toEqual([
        { value: 'lost', count: 3 },
        { value: 'damaged', count: 0 },
        { value: 'shortage', count: 0 },
        { value: 'other', count: 3 },
      ]);
    });

    it('counts the tabs under the list’s other filters: statuses by all but status, types by all but type', async () => {
      const facets = async (query: string) => {
        const response = await list.send('viewer', 'GET', `/facets?${query}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<{
          statuses: Array<{ value: string; count: number }>;
          types: Array<{ value: string; count: number }>;
        }>();
        return {
          statuses: Object.fromEntries(body.statuses.map((s) => [s.value, s.count])),
          types: Object.fromEntries(body.types.map((t) => [t.value, t.count])),
        };
      };
      // Three lost claims on the item (the first submitted), three other claims without one.
      const others = await facets('type=other');
      expect(others.statuses).toMatchObject({ draft: 3, submitted: 0, withdrawn: 0 });
      expect(others.types).toMatchObject({ lost: 3, other: 3 });
      const submitted = await facets('status=submitted');
      expect(submitted.types).toEqual({ lost: 1, damaged: 0, shortage: 0, other: 0 });
      expect(submitted.statuses).toMatchObject({ draft: 5, submitted: 1 });
      const bySku = await facets(`q=${encodeURIComponent(listWorld.item.sku)}&type=lost`);
      expect(bySku.statuses).toMatchObject({ draft: 2, submitted: 1 });
      expect(bySku.types).toMatchObject({ lost: 3, other: 0 });
      const yesterday = dayFromToday(-1, listWorld.partner.timeZone);
      const none = await facets(`to=${yesterday}`);
      expect(Object.values(none.statuses).every((count) => count === 0)).toBe(true);
      expect((await list.send('viewer', 'GET', '/facets?type=stolen')).statusCode).toBe(400);
    });

    it('exports the filtered list as <slug>-claims-<day>.csv', async () => {
      const response = await list.send('viewer', 'GET', '.csv?type=other');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Named like the inventory's export: the partner and the day (partner time).
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${listWorld.partner.slug}-claims-${dayFromToday(0, listWorld.partner.timeZone)}.csv"`,
      );
      const lines = response.body.trim().split('\n');
      expect(lines[0]).toMatch(/^number,type,status,/);
      expect(lines).toHaveLength(4);
    });
  });
});
