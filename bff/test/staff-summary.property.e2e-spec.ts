import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import type { ClaimStatus } from '../src/claims/claim-lifecycle.js';
import { Clock } from '../src/common/clock.js';
import type { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf, createPartner } from './support/inventory.js';
import { rollupViolations } from './support/rollup-invariants.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * The staff summary (docs/api.md, `GET /api/staff/summary`) read from its counters (migration
 * 1797000000000-staff-summary-counters) against the statement it replaced, which counted the claims
 * themselves: random sequences of statements on `claims` (creations, several claims in one statement;
 * submissions, reviews, info requests, answers, which move `waiting_since` to the answer's time;
 * decisions, withdrawals, waiting times set outright, edits that move nothing, deletions of drafts and
 * of any claim), after each sequence the counter table equal to a fresh GROUP BY
 * (`rollupViolations`) and the summary equal to the old statement's at cut-offs on, next to and
 * between the counters' hours. `PROPERTY_RUNS` sets its runs, `PROPERTY_SEED` replays one.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? '25');
const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** REVIEW_TARGET_DAYS of this file's application. */
const TARGET_DAYS = 5;

/**
 * The summary's statement before its counters, kept as the oracle (same parameters, same rows): the
 * same declared cross-tenant read (`staff-summary`).
 */
const OLD_SUMMARY = `/* cross-tenant staff read: staff-summary */
  SELECT
    (SELECT coalesce(sum(cc.claim_count), 0)::bigint FROM claim_counts cc
      WHERE cc.status IN ('submitted', 'in_review')) AS waiting,
    (SELECT count(*) FROM claims c
      WHERE c.status IN ('submitted', 'in_review') AND c.waiting_since < $1) AS overdue,
    (SELECT to_char((min(c.waiting_since)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM claims c
      WHERE c.status IN ('submitted', 'in_review')) AS oldest,
    (SELECT count(*) FROM claims c
      WHERE c.decided_at >= $2 AND c.decided_at <= $3) AS decided7,
    (SELECT percentile_cont(0.5) WITHIN GROUP (
              ORDER BY extract(epoch FROM c.decided_at - c.submitted_at))
       FROM claims c
      WHERE c.decided_at >= $4 AND c.decided_at <= $3
        AND c.submitted_at IS NOT NULL) AS median_seconds`;

interface Summary {
  waiting: number;
  overdue: number;
  oldestWaitingSince: string | null;
  decidedLast7Days: number;
  medianDaysToDecision30d: number | null;
}

/**
 * A transition as one UPDATE of every chosen claim in `from`: the columns the application's statement
 * sets (`ClaimsRepository.transition`); the trigger `claims_waiting_since` does the rest.
 */
const TRANSITIONS = {
  submit: { from: ['draft'], to: 'submitted', sets: 'submitted_at = $1' },
  start_review: { from: ['submitted'], to: 'in_review', sets: undefined },
  request_info: { from: ['in_review'], to: 'info_requested', sets: undefined },
  respond: { from: ['info_requested'], to: 'in_review', sets: undefined },
  approve: {
    from: ['in_review'],
    to: 'approved',
    sets: 'decided_at = $1, amount_approved = amount_claimed',
  },
  reject: { from: ['in_review'], to: 'rejected', sets: 'decided_at = $1' },
  withdraw: { from: ['draft', 'submitted', 'in_review', 'info_requested'], to: 'withdrawn' },
} as const satisfies Record<
  string,
  { from: readonly ClaimStatus[]; to: ClaimStatus; sets?: string }
>;

/**
 * Instants within 40 days of the run's start: anywhere, on an hour, or a millisecond either side of one
 * (the counters' boundaries).
 */
const instant = (base: number) =>
  fc.oneof(
    fc.integer({ min: -40 * DAY, max: 2 * DAY }).map((offset) => base + offset),
    fc
      .tuple(fc.integer({ min: -40 * 24, max: 48 }), fc.constantFrom(-1, 0, 0, 1))
      .map(([hours, ms]) => Math.floor(base / HOUR) * HOUR + hours * HOUR + ms),
  );

/** Up to 4 claims' indices into the claims made so far (taken modulo their number). */
const chosen = fc.array(fc.nat(), { minLength: 1, maxLength: 4 });

const step = (base: number) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      claims: fc.array(
        fc.record({
          status: fc.constantFrom<ClaimStatus>(
            'draft',
            'submitted',
            'in_review',
            'info_requested',
            'approved',
            'rejected',
          ),
          submittedAt: instant(base),
          decidedAfterHours: fc.integer({ min: 0, max: 24 * 20 }),
          /** The statement sets waiting_since itself, or leaves it to the trigger (submitted_at). */
          waitingSince: fc.option(instant(base), { nil: undefined }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
    fc.record({
      kind: fc.constant('transition' as const),
      action: fc.constantFrom(...(Object.keys(TRANSITIONS) as Array<keyof typeof TRANSITIONS>)),
      claims: chosen,
      at: instant(base),
    }),
    fc.record({
      kind: fc.constant('set_waiting_since' as const),
      claims: chosen,
      at: instant(base),
    }),
    fc.record({ kind: fc.constant('edit' as const), claims: chosen }),
    fc.record({ kind: fc.constant('delete_drafts' as const), claims: chosen }),
    fc.record({ kind: fc.constant('delete' as const), claims: chosen }),
  );

describe('the staff summary from its counters, against the statement that counted the claims', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let partner: Partner;
  let token: string;
  let nextNumber = 1;
  /** The application's clock: the summary is read at the instants the run chose. */
  let at: number | undefined;
  const ids: string[] = [];
  const base = Date.now();

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, REVIEW_TARGET_DAYS: String(TARGET_DAYS) },
    });
    dataSource = api.app.get(DataSource);
    api.app.get(Clock).now = () => (at === undefined ? new Date() : new Date(at));
    partner = await createPartner(dataSource, 'summary');
    const email = `staff-${randomUUID().slice(0, 8)}@staff-summary.test`;
    await createUser(dataSource, email, 'unused', [], { isStaff: true });
    token = await bearerOf(api, email);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const pick = (indices: readonly number[]) =>
    ids.length === 0 ? [] : [...new Set(indices.map((index) => ids[index % ids.length] ?? ''))];

  async function apply(action: Step): Promise<void> {
    const iso = (time: number) => new Date(time).toISOString();
    switch (action.kind) {
      case 'insert': {
        // One statement for all of them, as a bulk load writes.
        const values: unknown[] = [];
        const rows = action.claims.map((claim) => {
          const decided = claim.status === 'approved' || claim.status === 'rejected';
          const row = [
            partner.id,
            nextNumber++,
            claim.status,
            claim.status === 'approved' ? 100 : null,
            claim.status === 'draft' ? null : iso(claim.submittedAt),
            decided ? iso(claim.submittedAt + claim.decidedAfterHours * HOUR) : null,
            claim.status === 'submitted' || claim.status === 'in_review'
              ? claim.waitingSince === undefined
                ? null
                : iso(claim.waitingSince)
              : null,
            iso(claim.submittedAt),
          ];
          const first = values.length;
          values.push(...row);
          const $ = (offset: number) => `$${first + offset + 1}`;
          return `(${$(0)}::uuid, ${$(1)}::integer, 'other', ${$(2)}::text, 1, 100, 100, ${$(3)}::bigint,
                   'EUR', CURRENT_DATE, 'A claim of the summary test.', ${$(4)}::timestamptz,
                   ${$(5)}::timestamptz, ${$(6)}::timestamptz, ${$(7)}::timestamptz, ${$(7)}::timestamptz)`;
        });
        const inserted = (await dataSource.query(
          `INSERT INTO claims (partner_id, number, type, status, quantity, unit_value, amount_claimed,
             amount_approved, currency, incident_date, description, submitted_at, decided_at,
             waiting_since, created_at, updated_at)
           VALUES ${rows.join(', ')} RETURNING id`,
          values,
        )) as Array<{ id: string }>;
        ids.push(...inserted.map((row) => row.id));
        return;
      }
      case 'transition': {
        const transition: { from: readonly string[]; to: string; sets?: string } =
          TRANSITIONS[action.action];
        await dataSource.query(
          `UPDATE claims SET version = version + 1, updated_at = $1, status = $2
             ${transition.sets === undefined ? '' : `, ${transition.sets}`}
           WHERE partner_id = $5 AND id = ANY($3::uuid[]) AND status = ANY($4::text[])`,
          [iso(action.at), transition.to, pick(action.claims), transition.from, partner.id],
        );
        return;
      }
      case 'set_waiting_since':
        await dataSource.query(
          `UPDATE claims SET waiting_since = $1
            WHERE partner_id = $3 AND id = ANY($2::uuid[]) AND status IN ('submitted', 'in_review')`,
          [iso(action.at), pick(action.claims), partner.id],
        );
        return;
      case 'edit':
        await dataSource.query(
          `UPDATE claims SET version = version + 1, description = description || '.'
            WHERE partner_id = $2 AND id = ANY($1::uuid[])`,
          [pick(action.claims), partner.id],
        );
        return;
      case 'delete_drafts':
      case 'delete': {
        const deleted = (await dataSource.query(
          `DELETE FROM claims WHERE partner_id = $2 AND id = ANY($1::uuid[])
             ${action.kind === 'delete_drafts' ? `AND status = 'draft'` : ''} RETURNING id`,
          [pick(action.claims), partner.id],
        )) as [Array<{ id: string }>, number];
        const gone = new Set(deleted[0].map((row) => row.id));
        ids.splice(0, ids.length, ...ids.filter((id) => !gone.has(id)));
        return;
      }
    }
  }

  /** The old statement's answer at `now`, as the service rounds it. */
  async function oldSummary(now: number): Promise<Summary> {
    const [row] = (await dataSource.query(OLD_SUMMARY, [
      new Date(now - TARGET_DAYS * DAY),
      new Date(now - 7 * DAY),
      new Date(now),
      new Date(now - 30 * DAY),
    ])) as Array<{
      waiting: string;
      overdue: string;
      oldest: string | null;
      decided7: string;
      median_seconds: number | null;
    }>;
    if (row === undefined) throw new Error('no summary');
    return {
      waiting: Number(row.waiting),
      overdue: Number(row.overdue),
      oldestWaitingSince: row.oldest,
      decidedLast7Days: Number(row.decided7),
      medianDaysToDecision30d:
        row.median_seconds === null
          ? null
          : Math.round((Number(row.median_seconds) / 86_400) * 100) / 100,
    };
  }

  async function summaryAt(now: number): Promise<Summary> {
    at = now;
    try {
      const response = await api.request({
        url: '/api/staff/summary',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json<Summary>();
    } finally {
      at = undefined;
    }
  }

  it('keeps the counters equal to a fresh count, and the summary equal to the old statement’s', async () => {
    const seen = { waiting: false, decided: false };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step(base), { minLength: 1, maxLength: 12 }),
        fc.array(instant(base), { minLength: 1, maxLength: 3 }),
        async (steps, cutOffs) => {
          for (const action of steps) await apply(action);
          expect(await rollupViolations(dataSource)).toEqual([]);
          const [now] = (await dataSource.query(
            `SELECT count(*) FILTER (WHERE status IN ('submitted', 'in_review'))::int AS waiting,
                    count(*) FILTER (WHERE decided_at IS NOT NULL)::int AS decided
               FROM claims WHERE partner_id = $1`,
            [partner.id],
          )) as Array<{ waiting: number; decided: number }>;
          seen.waiting ||= (now?.waiting ?? 0) > 0;
          seen.decided ||= (now?.decided ?? 0) > 0;
          // Cut-offs chosen, and on a waiting claim's waiting_since and a millisecond either side.
          const waiting = (await dataSource.query(
            `SELECT (extract(epoch FROM waiting_since) * 1000)::float8 AS at FROM claims
              WHERE partner_id = $1 AND status IN ('submitted', 'in_review')
              ORDER BY random() LIMIT 1`,
            [partner.id],
          )) as Array<{ at: number }>;
          const edges = waiting.flatMap((row) => [-1, 0, 1].map((ms) => Math.floor(row.at) + ms));
          for (const cutOff of [...cutOffs, ...edges]) {
            const now = cutOff + TARGET_DAYS * DAY;
            expect([cutOff, await summaryAt(now)]).toEqual([cutOff, await oldSummary(now)]);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Some run made claims wait and some decided claims (the last run may have left none of either).
    expect(seen).toEqual({ waiting: true, decided: true });
  });
});

type Step = ReturnType<typeof step> extends fc.Arbitrary<infer T> ? T : never;
