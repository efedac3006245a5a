import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf } from './support/inventory.js';
import {
  type ClaimsWorld,
  claimsClient,
  claimsWorld,
  dayFromToday,
  draftBody,
  insertMovement,
} from './support/claims-api.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface ClaimJson {
  id: string;
  status: string;
  version: number;
  incidentDate: string;
  movementId: string | null;
  movement: {
    id: string;
    kind: string;
    quantity: number;
    reference: string | null;
    occurredAt: string;
    day: string;
  } | null;
  allowedActions: string[];
  missing: Array<{ field: string; message: string }>;
}

interface MovementJson {
  id: string;
  kind: string;
  day: string;
  claimDeadline: string | null;
  claimWindowOpen: boolean;
}

const STAFF_ACTIONS = ['start_review', 'request_info', 'approve', 'reject', 'mark_paid'];

/**
 * Claims you can trust (docs/product.md §4, §3a): a claim on a movement is bound to the movement's
 * day and window, each type to its kind of movement, amounts to their bounds, and the network's
 * decisions to staff who took no part in the claim.
 */
describe('claims you can trust', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let client: ReturnType<typeof claimsClient>;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    // Auckland: far from UTC, so the movement's day (partner time) is not its UTC day.
    world = await claimsWorld(api, dataSource, 'trust', { timeZone: 'Pacific/Auckland' });
    client = claimsClient(api, world);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  /** The partner's day of an instant. */
  const dayOf = (at: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: world.partner.timeZone,
      dateStyle: 'short',
    }).format(at);

  /**
   * An instant on the partner's day `days` before today, early in it: 13:30 UTC of the day before is
   * 01:30 or 02:30 in Auckland, so its UTC day is not its partner day.
   */
  function instantDaysAgo(days: number): Date {
    return new Date(`${dayFromToday(-days - 1, world.partner.timeZone)}T13:30:00Z`);
  }

  const movements = async () =>
    (
      await api.request({
        url: `/api/partners/${world.partner.slug}/inventory/${world.item.id}/movements?limit=100`,
        headers: { authorization: `Bearer ${world.tokens.viewer}` },
      })
    ).json<{ items: MovementJson[] }>().items;

  describe('a claim on a movement', () => {
    it('takes the movement’s day in the partner’s time zone as its incident date, on create and on edit', async () => {
      const occurredAt = instantDaysAgo(5);
      const loss = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'loss',
        -3,
        occurredAt,
      );
      const day = dayOf(occurredAt);
      expect(day).not.toBe(occurredAt.toISOString().slice(0, 10));

      const created = await client.create('manager', {
        type: 'lost',
        movementId: loss,
        quantity: 3,
        incidentDate: dayFromToday(-1, world.partner.timeZone),
        description: 'Typed a later day than the loss.',
      });
      expect(created.statusCode).toBe(201);
      const claim = created.json<ClaimJson>();
      expect(claim.incidentDate).toBe(day);
      expect(claim.movement).toEqual({
        id: loss,
        kind: 'loss',
        quantity: -3,
        reference: null,
        occurredAt: occurredAt.toISOString(),
        day,
      });

      const edited = await client.patch(
        'manager',
        claim.id,
        { incidentDate: dayFromToday(-2, world.partner.timeZone), quantity: 2 },
        1,
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json<ClaimJson>()).toMatchObject({ incidentDate: day, version: 2 });
      // Filed without any incident date: the movement's day too.
      const shortage = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'receipt',
        6,
        occurredAt,
      );
      const untyped = await client.create('manager', {
        type: 'shortage',
        movementId: shortage,
        quantity: 1,
        description: 'One unit short in the delivery.',
      });
      expect(untyped.statusCode).toBe(201);
      expect(untyped.json<ClaimJson>().incidentDate).toBe(day);
    });

    it('is refused once the movement’s window closed: 422 filing_window_closed at filing, at an edit and at submit', async () => {
      const edge = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'damage',
        -1,
        instantDaysAgo(60),
      );
      const closed = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'damage',
        -1,
        instantDaysAgo(61),
      );
      const body = (movementId: string) => ({
        type: 'damaged',
        movementId,
        quantity: 1,
        incidentDate: dayFromToday(0, world.partner.timeZone),
        description: 'A crate crushed in the aisle.',
      });
      const refused = await client.create('manager', body(closed));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'filing_window_closed',
        claimDeadline: dayFromToday(-1, world.partner.timeZone),
      });
      expect((await client.create('manager', body(edge))).statusCode).toBe(201);

      // A draft on a movement still in its window, whose window then closes.
      const loss = await insertMovement(dataSource, world.partner.id, world.item.id, 'loss', -2);
      const draft = (
        await client.create('manager', {
          type: 'lost',
          movementId: loss,
          quantity: 2,
          description: 'Two units lost on the way.',
        })
      ).json<ClaimJson>();
      await dataSource.query(
        `UPDATE inventory_movements SET occurred_at = $3 WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, loss, instantDaysAgo(70)],
      );
      const seen = (await client.get('manager', draft.id)).json<ClaimJson>();
      expect(seen.missing).toEqual([{ field: 'incidentDate', message: expect.any(String) }]);
      const edit = await client.patch('manager', draft.id, { quantity: 1 }, 1);
      expect(edit.statusCode).toBe(422);
      expect(edit.json()).toMatchObject({ code: 'filing_window_closed' });
      const submit = await client.transition('manager', draft.id, { action: 'submit' }, 1);
      expect(submit.statusCode).toBe(422);
      expect(submit.json()).toMatchObject({ code: 'filing_window_closed' });
      expect((await client.get('manager', draft.id)).json<ClaimJson>().status).toBe('draft');
    });

    it('is refused at submit even when its row’s incident date says otherwise', async () => {
      const loss = await insertMovement(dataSource, world.partner.id, world.item.id, 'loss', -1);
      const draft = (
        await client.create('manager', {
          type: 'lost',
          movementId: loss,
          quantity: 1,
          description: 'One unit lost in the yard.',
        })
      ).json<ClaimJson>();
      await dataSource.query(
        `UPDATE inventory_movements SET occurred_at = $3 WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, loss, instantDaysAgo(90)],
      );
      // The statement itself holds the movement's day, not the row's (written before).
      const submit = await client.transition('manager', draft.id, { action: 'submit' }, 1);
      expect(submit.statusCode).toBe(422);
      expect(submit.json()).toMatchObject({ code: 'filing_window_closed' });
    });

    it('submits on its movement’s day inside the window even when its row’s incident date is stale (never 500)', async () => {
      const loss = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'loss',
        -1,
        instantDaysAgo(3),
      );
      const draft = (
        await client.create('manager', {
          type: 'lost',
          movementId: loss,
          quantity: 1,
          description: 'One unit lost behind the dock.',
        })
      ).json<ClaimJson>();
      // A row written before incident dates followed their movement: older than the window.
      await dataSource.query(
        `UPDATE claims SET incident_date = $3 WHERE partner_id = $1 AND id = $2`,
        [world.partner.id, draft.id, dayFromToday(-90, world.partner.timeZone)],
      );
      const submit = await client.transition('manager', draft.id, { action: 'submit' }, 1);
      expect(submit.statusCode).toBe(200);
      expect(submit.json()).toMatchObject({ status: 'submitted' });
    });

    it('agrees with the item page about a movement a minute either side of the window’s first midnight', async () => {
      const edge = dayFromToday(-60, world.partner.timeZone);
      const [row] = (await dataSource.query(
        `SELECT ($1::date::timestamp AT TIME ZONE $2) AS midnight`,
        [edge, world.partner.timeZone],
      )) as Array<{ midnight: Date }>;
      const midnight = new Date(row?.midnight ?? Number.NaN).getTime();
      const inside = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'damage',
        -1,
        new Date(midnight + 60_000),
      );
      const outside = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'damage',
        -1,
        new Date(midnight - 60_000),
      );
      const listed = await movements();
      expect(listed.find((m) => m.id === inside)).toMatchObject({
        day: edge,
        claimWindowOpen: true,
      });
      expect(listed.find((m) => m.id === outside)).toMatchObject({
        day: dayFromToday(-61, world.partner.timeZone),
        claimWindowOpen: false,
      });
      const body = (movementId: string) => ({
        type: 'damaged',
        movementId,
        quantity: 1,
        description: 'A crate dropped at midnight.',
      });
      const filed = await client.create('manager', body(inside));
      expect(filed.statusCode).toBe(201);
      expect(filed.json<ClaimJson>().movement?.day).toBe(edge);
      const refused = await client.create('manager', body(outside));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'filing_window_closed' });
    });

    it('needs the kind of its type: lost a loss, damaged a damage, shortage a receipt (400 movementId)', async () => {
      const receipt = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'receipt',
        5,
      );
      for (const type of ['lost', 'damaged', 'shortage']) {
        const without = await client.create('manager', draftBody(world, { type }));
        expect(without.statusCode).toBe(400);
        expect(without.json()).toMatchObject({
          code: 'validation',
          errors: [{ field: 'movementId' }],
        });
      }
      for (const type of ['lost', 'damaged']) {
        const mismatched = await client.create('manager', {
          ...draftBody(world, { type, movementId: receipt }),
          quantity: 1,
        });
        expect(mismatched.statusCode).toBe(400);
        expect(mismatched.json()).toMatchObject({ errors: [{ field: 'movementId' }] });
      }
      // Other stands without one.
      expect((await client.create('manager', draftBody(world))).statusCode).toBe(201);
    });

    it('shows on the item’s movements when a claim may still be filed, and until when', async () => {
      const open = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'loss',
        -1,
        instantDaysAgo(10),
      );
      const shut = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'receipt',
        1,
        instantDaysAgo(75),
      );
      const shipment = await insertMovement(
        dataSource,
        world.partner.id,
        world.item.id,
        'shipment',
        -1,
      );
      const listed = await movements();
      const find = (id: string) => listed.find((movement) => movement.id === id);
      expect(find(open)).toMatchObject({
        day: dayFromToday(-10, world.partner.timeZone),
        claimDeadline: dayFromToday(50, world.partner.timeZone),
        claimWindowOpen: true,
      });
      expect(find(shut)).toMatchObject({
        claimDeadline: dayFromToday(-15, world.partner.timeZone),
        claimWindowOpen: false,
      });
      expect(find(shipment)).toMatchObject({ claimDeadline: null, claimWindowOpen: false });
    });
  });

  describe('amounts (docs/product.md §4)', () => {
    it('keeps quantity, an other claim’s unit value and the amount claimed in their bounds (400 beyond)', async () => {
      const other = (quantity: number, unitValue: number) =>
        client.create('manager', {
          type: 'other',
          quantity,
          unitValue,
          incidentDate: dayFromToday(-1, world.partner.timeZone),
          description: 'Repacking a pallet after a fall.',
        });
      const fieldsOf = async (response: Awaited<ReturnType<typeof other>>) => {
        expect(response.statusCode).toBe(400);
        return response.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field);
      };
      // EUR: 100,000.00 is 10,000,000 minor units; 1,000,000.00 is 100,000,000.
      expect((await other(1, 10_000_000)).statusCode).toBe(201);
      expect((await other(1, 1)).statusCode).toBe(201);
      expect(await fieldsOf(await other(1, 10_000_001))).toEqual(['unitValue']);
      expect(await fieldsOf(await other(1, 0))).toEqual(['unitValue']);
      expect(await fieldsOf(await other(1_000, 21_474_836_47))).toEqual(['unitValue']);
      expect((await other(10, 10_000_000)).statusCode).toBe(201);
      expect(await fieldsOf(await other(11, 10_000_000))).toEqual(['quantity']);
      expect(await fieldsOf(await other(100_001, 1))).toEqual(['quantity']);
      expect(await fieldsOf(await other(1_000_000_000, 1))).toEqual(['quantity']);
      expect((await other(100_000, 1)).statusCode).toBe(201);
      // A lost claim: at most the loss's units, whatever the item has on hand.
      const loss = await insertMovement(dataSource, world.partner.id, world.item.id, 'loss', -56);
      const lost = (quantity: number) =>
        client.create('manager', {
          type: 'lost',
          movementId: loss,
          quantity,
          description: 'Units lost from the shelf.',
        });
      expect((await lost(500)).json()).toMatchObject({ errors: [{ field: 'quantity' }] });
      expect((await lost(56)).statusCode).toBe(201);
    });
  });

  describe('separation of duties (docs/product.md §3a)', () => {
    /** A staff account of its own, with a bearer token; made a member of the partner as `role`. */
    async function staffAccount(role?: 'manager' | 'admin' | 'viewer') {
      const email = `staff-${randomUUID().slice(0, 8)}@trust.test`;
      const id = await createUser(
        dataSource,
        email,
        'unused',
        role === undefined ? [] : [{ slug: world.partner.slug, role }],
        { isStaff: true },
      );
      return { id, token: await bearerOf(api, email) };
    }

    const as = (token: string) => ({
      get: (id: string) =>
        api.request({
          url: `${client.base}/${id}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      transition: (id: string, payload: Record<string, unknown>, version: number) =>
        api.request({
          method: 'POST',
          url: `${client.base}/${id}/transitions`,
          headers: { authorization: `Bearer ${token}`, 'if-match': `"${version}"` },
          payload,
        }),
      create: (payload: Record<string, unknown>) =>
        api.request({
          method: 'POST',
          url: client.base,
          headers: { authorization: `Bearer ${token}` },
          payload,
        }),
      patch: (id: string, payload: Record<string, unknown>, version: number) =>
        api.request({
          method: 'PATCH',
          url: `${client.base}/${id}`,
          headers: { authorization: `Bearer ${token}`, 'if-match': `"${version}"` },
          payload,
        }),
    });

    const BODIES: Record<string, Record<string, unknown>> = {
      start_review: { action: 'start_review' },
      request_info: { action: 'request_info', message: 'Which pallet?' },
      approve: { action: 'approve', amountApproved: 100 },
      reject: { action: 'reject', message: 'Not covered.' },
      mark_paid: { action: 'mark_paid', payoutReference: 'PAY-SOD-1' },
    };

    /**
     * Walks the submitted claim through every staff action: `barred` is refused each (403
     * separation_of_duties, nothing changes) and never sees one in allowedActions; the world's staff
     * member (no member, no part in it) takes each step instead.
     */
    async function walk(claimId: string, barred: string): Promise<void> {
      let version = (await client.get('viewer', claimId)).json<ClaimJson>().version;
      const refuse = async (action: string) => {
        const seen = (await as(barred).get(claimId)).json<ClaimJson>();
        expect(seen.allowedActions.filter((a) => STAFF_ACTIONS.includes(a))).toEqual([]);
        const response = await as(barred).transition(claimId, BODIES[action] ?? {}, version);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'separation_of_duties' });
        expect((await client.get('viewer', claimId)).json<ClaimJson>().version).toBe(version);
      };
      const decide = async (action: string, status: string) => {
        const staffView = (await client.get('staff', claimId)).json<ClaimJson>();
        expect(staffView.allowedActions).toContain(action);
        const response = await client.transition('staff', claimId, BODIES[action] ?? {}, version);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ status });
        version += 1;
      };
      await refuse('start_review');
      await decide('start_review', 'in_review');
      for (const action of ['request_info', 'approve', 'reject']) await refuse(action);
      await decide('approve', 'approved');
      await refuse('mark_paid');
      await decide('mark_paid', 'paid');
    }

    it('bars a staff account made a member from every staff action; a staff member who is not decides', async () => {
      const member = await staffAccount('manager');
      const filed = await as(member.token).create(
        draftBody(world, { itemId: undefined, unitValue: 100, quantity: 1 }),
      );
      expect(filed.statusCode).toBe(201);
      const claim = filed.json<ClaimJson>();
      expect(claim.allowedActions).toEqual(['submit', 'edit', 'delete']);
      expect(
        (await as(member.token).transition(claim.id, { action: 'submit' }, 1)).statusCode,
      ).toBe(200);
      const seen = (await as(member.token).get(claim.id)).json<ClaimJson>();
      expect(seen.allowedActions).toEqual(['withdraw']);
      // A 409's allowed actions leave the staff actions out for them too.
      const again = await as(member.token).transition(claim.id, { action: 'submit' }, 2);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ allowedActions: ['withdraw'] });
      await walk(claim.id, member.token);
    });

    it('bars a viewer member who is staff, on a claim they had no part in', async () => {
      const viewer = await staffAccount('viewer');
      const filed = (await client.create('manager', draftBody(world))).json<ClaimJson>();
      await client.transition('manager', filed.id, { action: 'submit' }, 1);
      await walk(filed.id, viewer.token);
    });

    it('bars the claim’s creator and its editor once they are members no longer', async () => {
      const creator = await staffAccount('manager');
      const editor = await staffAccount('admin');
      const created = (
        await as(creator.token).create(draftBody(world, { quantity: 1 }))
      ).json<ClaimJson>();
      const other = (await client.create('manager', draftBody(world))).json<ClaimJson>();
      expect((await as(editor.token).patch(other.id, { quantity: 3 }, 1)).statusCode).toBe(200);
      await client.transition('manager', created.id, { action: 'submit' }, 1);
      await client.transition('manager', other.id, { action: 'submit' }, 2);
      await dataSource.query(
        `DELETE FROM memberships WHERE partner_id = $1 AND user_id = ANY($2)`,
        [world.partner.id, [creator.id, editor.id]],
      );
      // Now staff without a membership, like any reviewer: still barred from these claims…
      await walk(created.id, creator.token);
      await walk(other.id, editor.token);
      // …but not from one they had no part in.
      const fresh = (await client.create('manager', draftBody(world))).json<ClaimJson>();
      await client.transition('manager', fresh.id, { action: 'submit' }, 1);
      expect((await as(editor.token).get(fresh.id)).json<ClaimJson>().allowedActions).toEqual([
        'start_review',
      ]);
      const started = await as(editor.token).transition(fresh.id, { action: 'start_review' }, 2);
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({ status: 'in_review' });
    });

    it('bars an editor who left, whatever status the claim is in when they act (the statement holds it)', async () => {
      const editor = await staffAccount('manager');
      const filed = (await client.create('manager', draftBody(world))).json<ClaimJson>();
      expect((await as(editor.token).patch(filed.id, { quantity: 3 }, 1)).statusCode).toBe(200);
      await client.transition('manager', filed.id, { action: 'submit' }, 2);
      await dataSource.query(`DELETE FROM memberships WHERE partner_id = $1 AND user_id = $2`, [
        world.partner.id,
        editor.id,
      ]);
      await client.transition('staff', filed.id, { action: 'start_review' }, 3);
      await client.transition(
        'staff',
        filed.id,
        { action: 'request_info', message: 'Which pallet?' },
        4,
      );
      // info_requested (version 5): an approve meant for the claim once the partner answers (6).
      const early = await as(editor.token).transition(filed.id, BODIES.approve ?? {}, 5);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'separation_of_duties' });
      const answered = await client.transition(
        'manager',
        filed.id,
        { action: 'respond', message: 'Pallet 7.' },
        5,
      );
      expect(answered.statusCode).toBe(200);
      const late = await api.request({
        method: 'POST',
        url: `${client.base}/${filed.id}/transitions`,
        headers: { authorization: `Bearer ${editor.token}`, 'if-match': '"5", "6"' },
        payload: BODIES.approve,
      });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ code: 'separation_of_duties' });
      expect((await client.get('viewer', filed.id)).json<ClaimJson>()).toMatchObject({
        status: 'in_review',
        version: 6,
      });
    });
  });
});
