import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { referenceAnalytics, referenceTopItems } from './oracles/analytics.reference.js';
import { GRANULARITIES, type Granularity } from '../src/analytics/analytics.series.js';
import type { AnalyticsDto, AnalyticsTopItemsDto } from '../src/analytics/dto/analytics.dto.js';
import type { ClaimAction, ClaimType } from '../src/claims/claim-lifecycle.js';
import { addDays, partnerToday } from '../src/common/partner-day.js';
import { Clock } from '../src/common/clock.js';
import type { MovementKind } from '../src/inventory/inventory-movement.entity.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import {
  claimsClient,
  claimsWorld,
  insertEvidence,
  MOVEMENT_KIND_OF_TYPE,
} from './support/claims-api.js';
import { insertItems } from './support/inventory.js';
import { rollupViolations } from './support/rollup-invariants.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));
/** About 1–2.5 s a run (up to 80 requests): some 40 s on PGlite or PostgreSQL. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? '20');

const DAY_MS = 86_400_000;
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
] as const;
/**
 * DST changes of those zones (UTC instants): instants near them fall on either side of a local
 * midnight that is 23, 24 or 25 hours from the next (Lord Howe moves by 30 minutes, Chatham is 12:45 or
 * 13:45 ahead of UTC).
 */
const DST_CHANGES = [
  '2025-03-30T01:00:00Z',
  '2025-10-26T01:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2025-03-09T07:00:00Z',
  '2025-11-02T06:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2025-04-05T15:00:00Z',
  '2025-10-04T15:30:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T15:30:00Z',
  '2025-04-05T14:00:00Z',
  '2025-09-27T14:00:00Z',
  '2026-04-04T14:00:00Z',
  '2026-09-26T14:00:00Z',
].map((text) => Date.parse(text));

/** An instant up to ~800 days back, or within 36 hours of a DST change; never after `now`. */
const instant = (now: number) =>
  fc
    .oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 86_399 }))
        .map(([days, seconds]) => now - days * DAY_MS - seconds * 1000),
      fc
        .tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -36 * 3600, max: 36 * 3600 }))
        .map(([change, seconds]) => change + seconds * 1000),
    )
    .map((at) => Math.min(at, now - 60_000));

const SIGNS: Record<MovementKind, 1 | -1 | 0> = {
  receipt: 1,
  return: 1,
  shipment: -1,
  damage: -1,
  loss: -1,
  adjustment: 0,
  transfer: 0,
};

/** The actions after creation that take a claim to where it ends, and who takes each. */
const PATHS: Record<string, ClaimAction[]> = {
  draft: [],
  submitted: ['submit'],
  withdrawn: ['submit', 'withdraw'],
  in_review: ['submit', 'start_review'],
  info_withdrawn: ['submit', 'start_review', 'request_info', 'withdraw'],
  rejected: ['submit', 'start_review', 'reject'],
  approved: ['submit', 'start_review', 'approve'],
  paid: ['submit', 'start_review', 'approve', 'mark_paid'],
  info_paid: ['submit', 'start_review', 'request_info', 'respond', 'approve', 'mark_paid'],
  info_rejected: ['submit', 'start_review', 'request_info', 'respond', 'reject'],
};
const STAFF_ACTIONS: readonly ClaimAction[] = [
  'start_review',
  'request_info',
  'approve',
  'reject',
  'mark_paid',
];

describe('the analytics, against GROUP BY over the raw rows', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  /** The application's clock: a claim's transitions happen at the instants the run chose. */
  let at: number | undefined;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    // The one Clock of the application (AuditModule, global): every service reads this instance.
    api.app.get(Clock).now = () => (at === undefined ? new Date() : new Date(at));
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const now = Date.now();
  const world = fc.record({
    zone: fc.constantFrom(...ZONES),
    unitValues: fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 4 }),
    movements: fc.array(
      fc.record({
        item: fc.nat(),
        kind: fc.constantFrom(...(Object.keys(SIGNS) as MovementKind[])),
        size: fc.integer({ min: 1, max: 40 }),
        negative: fc.boolean(),
        at: instant(now),
        bulk: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
    claims: fc.array(
      fc.record({
        type: fc.constantFrom<ClaimType>('lost', 'damaged', 'shortage', 'other'),
        item: fc.option(fc.nat(), { nil: null }),
        quantity: fc.integer({ min: 1, max: 5 }),
        path: fc.constantFrom(...Object.keys(PATHS)),
        start: instant(now),
        gaps: fc.array(fc.integer({ min: 0, max: 20 * 86_400 }), { minLength: 6, maxLength: 6 }),
        approvedPercent: fc.integer({ min: 0, max: 100 }),
      }),
      { maxLength: 8 },
    ),
    queries: fc.array(
      fc.record({
        toBack: fc.integer({ min: -30, max: 800 }),
        span: fc.integer({ min: 0, max: 730 }),
        granularity: fc.constantFrom<Granularity>(...GRANULARITIES),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  });

  const ok = (response: LightMyRequestResponse, what: string): LightMyRequestResponse => {
    if (response.statusCode >= 300) {
      throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    }
    return response;
  };

  it(`serves every point, and the top items on their own route, as the reference computes them, over ${RUNS} random partners (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(world, async (run) => {
        at = undefined;
        const claimsOf = await claimsWorld(api, dataSource, 'analytics', { timeZone: run.zone });
        const { partner, tokens } = claimsOf;
        const items = [
          claimsOf.item,
          ...(await insertItems(
            dataSource,
            partner.id,
            run.unitValues.slice(1).map((unitValue, index) => ({
              sku: `AN-${index}-${partner.slug}`,
              unitValue,
              onHand: 1_000_000,
            })),
          )),
        ];
        await dataSource.query(
          `UPDATE inventory_items SET unit_value = $3 WHERE partner_id = $1 AND id = $2`,
          [partner.id, claimsOf.item.id, run.unitValues[0]],
        );
        const itemOf = (index: number) => items[index % items.length] ?? claimsOf.item;
        const rangeOf = (query: (typeof run.queries)[number]) => {
          const to = addDays(partnerToday(new Date(), run.zone), -query.toBack);
          return { from: addDays(to, -query.span), to, granularity: query.granularity };
        };
        // Every query asked once before the movements and claims: the BFF keeps these answers (for
        // the version of the empty rollups), and the answers after must not be them.
        for (const query of run.queries) {
          ok(
            await api.request({
              url: `/api/partners/${partner.slug}/analytics?${new URLSearchParams(rangeOf(query)).toString()}`,
              headers: { authorization: `Bearer ${tokens.viewer}` },
            }),
            'analytics before',
          );
        }

        // Movements: through the API one at a time, and the rest in one multi-row statement.
        const bulk: unknown[][] = [];
        for (const movement of run.movements) {
          const sign = SIGNS[movement.kind] || (movement.negative ? -1 : 1);
          const quantity = sign * movement.size;
          const item = itemOf(movement.item);
          const occurredAt = new Date(movement.at).toISOString();
          if (movement.bulk) {
            bulk.push([partner.id, item.id, movement.kind, quantity, occurredAt]);
            continue;
          }
          ok(
            await api.request({
              method: 'POST',
              url: `/api/partners/${partner.slug}/inventory/${item.id}/movements`,
              headers: { authorization: `Bearer ${tokens.staff}` },
              payload: { kind: movement.kind, quantity, occurredAt },
            }),
            'movement',
          );
        }
        if (bulk.length > 0) {
          await dataSource.query(
            `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::integer[], $5::timestamptz[])`,
            [0, 1, 2, 3, 4].map((column) => bulk.map((row) => row[column])),
          );
        }

        // Claims: each through the API, the clock at its own instants.
        const client = claimsClient(api, claimsOf);
        for (const plan of run.claims) {
          let time = plan.start;
          at = time;
          const item = plan.item === null ? null : itemOf(plan.item);
          const withItem = plan.type !== 'other' || item !== null;
          // A lost, damaged or shortage claim is filed from its movement (docs/product.md §4),
          // recorded through the API at the claim's instant (a loss or damage after the receipt of
          // its units, so that the stock has them).
          let movementId: string | undefined;
          if (plan.type !== 'other') {
            const target = item ?? claimsOf.item;
            const kind = MOVEMENT_KIND_OF_TYPE[plan.type];
            const record = async (moveKind: string, quantity: number) =>
              ok(
                await api.request({
                  method: 'POST',
                  url: `/api/partners/${partner.slug}/inventory/${target.id}/movements`,
                  headers: { authorization: `Bearer ${tokens.staff}` },
                  payload: { kind: moveKind, quantity, occurredAt: new Date(time).toISOString() },
                }),
                'claimed movement',
              );
            if (kind !== 'receipt') await record('receipt', plan.quantity);
            const recorded = await record(
              kind,
              kind === 'receipt' ? plan.quantity : -plan.quantity,
            );
            movementId = recorded.json<{ movement: { id: string } }>().movement.id;
          }
          const created = ok(
            await client.create('manager', {
              type: plan.type,
              ...(movementId === undefined ? {} : { movementId }),
              ...(withItem ? { itemId: (item ?? claimsOf.item).id } : { unitValue: 700 }),
              quantity: plan.quantity,
              incidentDate: partnerToday(new Date(time), run.zone),
              description: 'A claim of the analytics property.',
            }),
            'create',
          );
          const claim = created.json<{
            id: string;
            version: number;
            amountClaimed: { amount: number };
          }>();
          if (plan.type === 'damaged' || plan.type === 'shortage') {
            await insertEvidence(dataSource, partner.id, claim.id);
          }
          let version = claim.version;
          const actions = PATHS[plan.path] ?? [];
          for (const [step, action] of actions.entries()) {
            time = Math.min(time + (plan.gaps[step] ?? 0) * 1000, now - 60_000);
            at = time;
            const amount = claim.amountClaimed.amount;
            const body: Record<string, unknown> = { action };
            if (action === 'request_info' || action === 'respond' || action === 'reject') {
              body.message = 'Some words.';
            }
            if (action === 'approve') {
              body.amountApproved = Math.max(1, Math.floor((amount * plan.approvedPercent) / 100));
            }
            if (action === 'mark_paid') body.payoutReference = 'PAY-1';
            const who = STAFF_ACTIONS.includes(action) ? 'staff' : 'manager';
            const response = ok(await client.transition(who, claim.id, body, version), action);
            version = response.json<{ version: number }>().version;
          }
        }
        at = undefined;

        expect(await rollupViolations(dataSource)).toEqual([]);
        for (const query of run.queries) {
          const { from, to } = rangeOf(query);
          const params = new URLSearchParams(rangeOf(query));
          const answer = ok(
            await api.request({
              url: `/api/partners/${partner.slug}/analytics?${params.toString()}`,
              headers: { authorization: `Bearer ${tokens.viewer}` },
            }),
            `analytics ${params.toString()}`,
          ).json<AnalyticsDto>();
          const days = new URLSearchParams({ from, to });
          const top = ok(
            await api.request({
              url: `/api/partners/${partner.slug}/analytics/top-items?${days.toString()}`,
              headers: { authorization: `Bearer ${tokens.viewer}` },
            }),
            `analytics/top-items ${days.toString()}`,
          ).json<AnalyticsTopItemsDto>();
          const reference = await referenceAnalytics(dataSource, partner.id, {
            from,
            to,
            granularity: query.granularity,
          });
          expect({
            query: params.toString(),
            series: answer.series.map(({ key, points }) => ({ key, points })),
          }).toEqual({
            query: params.toString(),
            series: reference.series,
          });
          expect({
            query: days.toString(),
            items: top.items.map((entry) => ({
              ...entry,
              amountClaimed: entry.amountClaimed.amount,
            })),
          }).toEqual({
            query: days.toString(),
            items: await referenceTopItems(dataSource, partner.id, { from, to }),
          });
          expect(
            top.items.every((entry) => entry.amountClaimed.currency === partner.currency),
          ).toBe(true);
          expect([answer.currency, answer.timeZone]).toEqual([partner.currency, run.zone]);
          expect([top.from, top.to, top.timeZone]).toEqual([from, to, run.zone]);
        }
      }),
      // A run costs about 2 s: the first counterexample is reported as found, not shrunk.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
