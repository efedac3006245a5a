import { jest } from '@jest/globals';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { Membership } from '../src/partners/membership.entity.js';
import type { Partner } from '../src/partners/partner.entity.js';
import {
  type ReferenceAttention,
  type ReferenceOverview,
  overviewReference,
} from './oracles/overview.reference.js';
import { insertEvidence } from './support/claims-api.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf, createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { PROPERTY_TIME_ZONES } from './support/time-zones.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
/** Fewer on PGlite, which runs one statement at a time (the suite stays within about a minute). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? (ON_POSTGRES ? '12' : '5'));

const DAY_MS = 86_400_000;
/** How far back a run's history reaches: past both 30-day periods and the 60-day filing window. */
const HISTORY_MINUTES = 80 * 24 * 60;

const TIME_ZONES = PROPERTY_TIME_ZONES;

type Who = 'manager' | 'viewer' | 'staff';

/** The moves that take a claim toward paid, the last one first when sorted (see `act`). */
const FORWARD = ['mark_paid', 'approve', 'start_review', 'submit'];

type Step =
  | { at: number; kind: 'movement'; item: number; movement: MovementKind; size: number }
  | { at: number; kind: 'file'; pick: number; fromMovement: boolean; quantity: number }
  | { at: number; kind: 'act'; pick: number; actions: number[] };

type MovementKind = 'receipt' | 'shipment' | 'adjustment' | 'damage' | 'loss' | 'return';

interface Money {
  amount: number;
  currency: string;
}
interface Kpi {
  key: string;
  value: number | Money;
  previous: number | Money | null;
}
interface AttentionItem {
  kind: string;
  claim: { id: string } | null;
  movement: { id: string } | null;
  item: { id: string } | null;
  daysLeft: number | null;
  deadline: string | null;
}
interface AttentionPage {
  items: AttentionItem[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}
interface Overview {
  kpis: Kpi[];
  needsAttention: { items: AttentionItem[]; nextCursor: string | null; total: number };
}

const figure = (value: number | Money | null): number | null =>
  value === null ? null : typeof value === 'number' ? value : value.amount;

function partnerDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
}

/** What the overview says of a needs-attention entry, in the reference's terms. */
function asReference(item: AttentionItem): ReferenceAttention {
  return {
    kind: item.kind as ReferenceAttention['kind'],
    id: item.movement?.id ?? item.claim?.id ?? '',
    deadline: item.deadline,
    daysLeft: item.daysLeft,
    itemId: item.item?.id ?? null,
  };
}

/** The overview's KPIs in the reference's terms (awaiting_action as `who` sees it). */
function kpisOf(view: Overview): Record<string, { value: number | null; previous: number | null }> {
  return Object.fromEntries(
    view.kpis.map((kpi) => [kpi.key, { value: figure(kpi.value), previous: figure(kpi.previous) }]),
  );
}

function expectedKpis(
  reference: ReferenceOverview,
  who: Who,
): Record<string, { value: number | null; previous: number | null }> {
  const { kpis } = reference;
  const plain = (value: number) => ({ value, previous: null });
  return {
    open_claims: kpis.open_claims,
    open_claims_amount: kpis.open_claims_amount,
    awaiting_action: plain(who === 'staff' ? kpis.awaiting_staff : kpis.awaiting_member),
    approved_30d: kpis.approved_30d,
    paid_30d: kpis.paid_30d,
    units_on_hand: kpis.units_on_hand,
    value_on_hand: kpis.value_on_hand,
    low_stock_items: plain(kpis.low_stock_items),
    out_of_stock_items: plain(kpis.out_of_stock_items),
  };
}

/**
 * The overview against its plain reference (issue #10): random histories of movements and claim
 * lifecycles, spread over the last 80 days through the API (the application clock moved to each
 * step's time), for a partner in a random time zone. Then every KPI (value and previous), the whole
 * needs-attention list (every page, a random page size) and the `openClaims` of GET /api/me equal
 * `overviewReference`: SQL group-bys over the raw rows, none of the counters, rollups or
 * trigger-kept tables the overview reads.
 */
describe('overview (property)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let clock: Clock;
  const tokens: Record<Who, string> = { manager: '', viewer: '', staff: '' };
  const userIds: Record<Who, string> = { manager: '', viewer: '', staff: '' };

  // Starting the embedded database and migrating it can pass a minute on a busy machine.
  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    clock = api.app.get(Clock);
    for (const who of ['manager', 'viewer', 'staff'] as const) {
      const email = `${who}-overview@property.test`;
      userIds[who] = await createUser(dataSource, email, 'unused', [], {
        isStaff: who === 'staff',
      });
      tokens[who] = await bearerOf(api, email);
    }
  }, 180_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await api?.close();
    await database?.stop();
  });

  function send(
    who: Who,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    version?: number,
  ): Promise<LightMyRequestResponse> {
    return api.request({
      method,
      url,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        ...(version === undefined ? {} : { 'if-match': `"${version}"` }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        at: fc.nat({ max: HISTORY_MINUTES }),
        kind: fc.constant('movement' as const),
        item: fc.nat({ max: 2 }),
        movement: fc.constantFrom<MovementKind>(
          'receipt',
          'receipt',
          'shipment',
          'adjustment',
          'damage',
          'loss',
          'loss',
          'return',
        ),
        size: fc.integer({ min: 1, max: 40 }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        at: fc.nat({ max: HISTORY_MINUTES }),
        kind: fc.constant('file' as const),
        pick: fc.nat({ max: 50 }),
        fromMovement: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        at: fc.nat({ max: HISTORY_MINUTES }),
        kind: fc.constant('act' as const),
        pick: fc.nat({ max: 50 }),
        // Up to four moves in a row (a minute apart), so that claims get deep into the lifecycle.
        // 0 is the move forward (submit, start review, approve, mark paid), so that some get paid.
        actions: fc.array(
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(0) },
            { weight: 3, arbitrary: fc.nat({ max: 20 }) },
          ),
          { minLength: 1, maxLength: 4 },
        ),
      }),
    },
  );

  /**
   * The `choice`-th of the moves the claim allows now (the manager's but edit, then staff's), sent
   * well; false when the claim is gone or allows none.
   */
  async function act(base: string, claimId: string, choice: number): Promise<boolean> {
    const seen = await send('manager', 'GET', `${base}/claims/${claimId}`);
    if (seen.statusCode === 404) return false;
    const claim = seen.json<{ version: number; amountClaimed: Money; allowedActions: string[] }>();
    const staffView = await send('staff', 'GET', `${base}/claims/${claimId}`);
    const moves = [
      ...claim.allowedActions
        .filter((action) => action !== 'edit')
        .map((action) => ({ who: 'manager' as const, action })),
      ...staffView
        .json<{ allowedActions: string[] }>()
        .allowedActions.map((action) => ({ who: 'staff' as const, action })),
    ];
    moves.sort((a, b) => FORWARD.indexOf(b.action) - FORWARD.indexOf(a.action));
    const move = moves[choice % Math.max(moves.length, 1)];
    if (move === undefined) return false;
    const response =
      move.action === 'delete'
        ? await send('manager', 'DELETE', `${base}/claims/${claimId}`, undefined, claim.version)
        : await send(
            move.who,
            'POST',
            `${base}/claims/${claimId}/transitions`,
            {
              action: move.action,
              ...(['request_info', 'respond', 'reject'].includes(move.action)
                ? { message: 'Some words.' }
                : {}),
              ...(move.action === 'approve'
                ? { amountApproved: 1 + ((choice * 7919) % claim.amountClaimed.amount) }
                : {}),
              ...(move.action === 'mark_paid' ? { payoutReference: 'PAY-1' } : {}),
            },
            claim.version,
          );
    // A submit past the filing window is 422; everything else the claim allows goes through.
    expect([200, 204, 422]).toContain(response.statusCode);
    return response.statusCode === 200;
  }

  /** One run's partner, its items (nothing on hand) and its people. */
  async function newPartner(timeZone: string) {
    const partner: Partner = await createPartner(dataSource, 'ov-prop');
    await dataSource.query(`UPDATE partners SET time_zone = $2 WHERE id = $1`, [
      partner.id,
      timeZone,
    ]);
    partner.timeZone = timeZone;
    await dataSource.getRepository(Membership).insert([
      { partnerId: partner.id, userId: userIds.manager, role: 'manager' },
      { partnerId: partner.id, userId: userIds.viewer, role: 'viewer' },
    ]);
    const items = await insertItems(
      dataSource,
      partner.id,
      [0, 1, 2].map((index) => ({
        sku: `OV-${index}`,
        unitValue: [199, 2500, 7][index] ?? 1,
        reorderPoint: [5, 0, 30][index] ?? 0,
        onHand: 0,
      })),
    );
    return { partner, items };
  }

  it(`equals the plain reference over ${RUNS} random histories (seed ${SEED})`, async () => {
    const end = Date.now();
    let at = end;
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(at));
    let requests = 0;
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TIME_ZONES),
        fc.array(step, { minLength: 10, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (timeZone, steps, pageSize) => {
          const { partner, items } = await newPartner(timeZone);
          const base = `/api/partners/${partner.slug}`;
          /** The losses and damages recorded, and the claims filed, in this run. */
          const losses: Array<{
            id: string;
            itemId: string;
            kind: string;
            quantity: number;
            day: string;
          }> = [];
          const claimIds: string[] = [];
          // Stock to lose: a receipt of each item before the history starts.
          at = end - (HISTORY_MINUTES + 60) * 60_000;
          for (const item of items) {
            const receipt = await send('staff', 'POST', `${base}/inventory/${item.id}/movements`, {
              kind: 'receipt',
              quantity: 150,
            });
            expect(receipt.statusCode).toBe(201);
          }
          // Oldest first: the clock only moves forward, as it does.
          for (const current of [...steps].sort((a, b) => b.at - a.at)) {
            at = end - current.at * 60_000;
            requests += 1;
            if (current.kind === 'movement') {
              const item = items[current.item];
              if (item === undefined) throw new Error('no item');
              const negative = ['shipment', 'damage', 'loss'].includes(current.movement);
              const quantity =
                current.movement === 'adjustment' && current.size % 2 === 1
                  ? -current.size
                  : negative
                    ? -current.size
                    : current.size;
              const response = await send(
                'staff',
                'POST',
                `${base}/inventory/${item.id}/movements`,
                {
                  kind: current.movement,
                  quantity,
                },
              );
              expect([201, 409]).toContain(response.statusCode);
              if (response.statusCode === 201 && ['loss', 'damage'].includes(current.movement)) {
                const id = response.json<{ movement: { id: string } }>().movement.id;
                losses.push({
                  id,
                  itemId: item.id,
                  kind: current.movement,
                  quantity,
                  day: partnerDay(new Date(at), timeZone),
                });
              }
            } else if (current.kind === 'file') {
              const movement = losses[current.pick % Math.max(losses.length, 1)];
              const type =
                current.fromMovement && movement !== undefined
                  ? movement.kind === 'loss'
                    ? 'lost'
                    : 'damaged'
                  : 'lost';
              const incidentDate =
                current.fromMovement && movement !== undefined
                  ? movement.day
                  : partnerDay(new Date(at - (current.pick % 70) * DAY_MS), timeZone);
              const response = await send('manager', 'POST', `${base}/claims`, {
                type,
                itemId: movement?.itemId ?? items[0]?.id,
                ...(current.fromMovement && movement !== undefined
                  ? {
                      movementId: movement.id,
                      quantity: Math.min(current.quantity, -movement.quantity),
                    }
                  : { quantity: current.quantity }),
                incidentDate,
                description: 'Found short in a random history.',
              });
              // Refused when the movement is taken (409), the claim is invalid (400) or the movement's
              // filing window has closed (422 filing_window_closed): the history goes on.
              expect([201, 400, 409, 422]).toContain(response.statusCode);
              if (response.statusCode === 201) {
                const id = response.json<{ id: string }>().id;
                claimIds.push(id);
                if (type === 'damaged')
                  await insertEvidence(dataSource, partner.id, id, 'image/png');
              }
            } else {
              const claimId = claimIds[current.pick % Math.max(claimIds.length, 1)];
              if (claimId === undefined) continue;
              for (const [index, choice] of current.actions.entries()) {
                at = end - current.at * 60_000 + index * 60_000;
                if (!(await act(base, claimId, choice))) break;
              }
            }
          }

          at = end;
          const reference = await overviewReference(
            (sql, parameters) => dataSource.query(sql, [...parameters]),
            partner.id,
            new Date(end),
          );
          for (const who of ['manager', 'viewer', 'staff'] as const) {
            const response = await send(who, 'GET', `${base}/overview`);
            expect(response.statusCode).toBe(200);
            const view = response.json<Overview>();
            const kpis = kpisOf(view);
            expect({ who, kpis }).toEqual({ who, kpis: expectedKpis(reference, who) });
            expect(view.needsAttention.total).toBe(reference.needsAttention.length);
            expect(view.needsAttention.items.map(asReference)).toEqual(
              reference.needsAttention.slice(0, view.needsAttention.items.length),
            );
          }

          // The whole list, page by page, forwards; then back from the last page to the first.
          const page = async (cursor: string | null): Promise<AttentionPage> => {
            const query =
              cursor === null
                ? `limit=${pageSize}`
                : `limit=${pageSize}&cursor=${encodeURIComponent(cursor)}`;
            const response = await send(
              'viewer',
              'GET',
              `${base}/overview/needs-attention?${query}`,
            );
            expect(response.statusCode).toBe(200);
            const body = response.json<AttentionPage>();
            expect([body.total, body.totalExact]).toEqual([reference.needsAttention.length, true]);
            return body;
          };
          const pages: AttentionPage[] = [await page(null)];
          for (let last = pages[0]; last?.nextCursor != null && pages.length < 200;) {
            last = await page(last.nextCursor);
            pages.push(last);
          }
          const walked = pages.flatMap((each) => each.items.map(asReference));
          expect(walked).toEqual(reference.needsAttention);
          for (let index = pages.length - 1; index > 0; index -= 1) {
            const back = await page(pages[index]?.prevCursor ?? null);
            expect(back.items.map(asReference)).toEqual(pages[index - 1]?.items.map(asReference));
          }
          listed += walked.length;

          const me = await send('manager', 'GET', '/api/me');
          const membership = me
            .json<{ memberships: Array<{ partner: { slug: string }; openClaims: number }> }>()
            .memberships.find((entry) => entry.partner.slug === partner.slug);
          expect(membership?.openClaims).toBe(reference.kpis.open_claims.value);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    console.info(
      `overview (PROPERTY_SEED=${SEED}): ${RUNS} runs, ${requests} steps, ${listed} needs-attention entries`,
    );
    // The runs reached what they are about.
    const reached = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM claim_events WHERE partner_id IS NOT NULL AND to_status = 'paid') AS paid,
              (SELECT count(*)::int FROM claim_events WHERE partner_id IS NOT NULL AND to_status = 'withdrawn') AS withdrawn,
              (SELECT count(*)::int FROM unclaimed_movements WHERE partner_id IS NOT NULL) AS unclaimed`,
    )) as Array<{ paid: number; withdrawn: number; unclaimed: number }>;
    console.info(`overview (PROPERTY_SEED=${SEED}): reached ${JSON.stringify(reached[0])}`);
    expect(reached[0]?.unclaimed).toBeGreaterThan(0);
    expect(listed).toBeGreaterThan(0);
  }, 300_000);
});
