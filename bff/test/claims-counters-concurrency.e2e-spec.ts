import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  type ClaimsWorld,
  claimsClient,
  claimsWorld,
  draftBody,
  movementDraftBody,
} from './support/claims-api.js';
import { CounterRacer } from './support/counter-race.js';
import { CHEAP_ARGON2 } from './support/identity.js';
import { overviewTableViolations } from './support/overview-invariants.js';
import { rollupViolations } from './support/rollup-invariants.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * On a real PostgreSQL only (TEST_DATABASE_URL, as CI runs): the embedded PGlite runs one statement
 * at a time, so its transactions never wait on each other's rows.
 */
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
const describeOnPostgres = ON_POSTGRES ? describe : describe.skip;

/**
 * Partners of the forced race. Whether the old `claim_counts` trigger took a partner's two rows in an
 * order that depends on the direction of the change was a matter of their hashes: 1 partner in 5 or
 * so (test/counter-triggers.e2e-spec.ts).
 */
const RACED_PARTNERS = 16;

/** The free-running race: partners, claims of each type of each partner, rounds of each claim. */
const PARTNERS = 2;
const TYPES = ['other', 'lost'] as const;
const LANES_PER_TYPE = 4;
const ROUNDS = 6;

interface ClaimJson {
  id: string;
  version: number;
  status: string;
}

/**
 * Claim transitions of one partner at once (docs/operations.md, "Deadlocks and serialization
 * failures"; found by bench:soak): a claim going in_review → info_requested and another going back
 * write the same two `claim_counts` rows. Every counter trigger takes its rows in one order
 * (migration 1796950000000), so the second waits for the first instead of deadlocking, which
 * answered 500; and the counters still equal a recount.
 */
describeOnPostgres('claim counters under concurrent transitions of one partner', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  /** The partner's claim counts that differ from a recount of its claims (a count of 0 is none). */
  async function countsOffBy(partnerId: string): Promise<unknown[]> {
    return (await dataSource.query(
      `WITH recount AS (SELECT status, type, count(*)::int AS n FROM claims
                         WHERE partner_id = $1 GROUP BY status, type),
            kept AS (SELECT status, type, claim_count AS n FROM claim_counts
                      WHERE partner_id = $1 AND claim_count <> 0)
       SELECT status, type, r.n AS recounted, k.n AS kept
         FROM recount r FULL JOIN kept k USING (status, type)
        WHERE r.n IS DISTINCT FROM k.n`,
      [partnerId],
    )) as unknown[];
  }

  /** A claim of the world's taken through `actions` (each answered 200): its id and version. */
  async function claimThrough(
    world: ClaimsWorld,
    body: Record<string, unknown>,
    actions: ReadonlyArray<Record<string, unknown>>,
  ): Promise<ClaimJson> {
    const client = claimsClient(api, world);
    const created = await client.create('manager', body);
    expect(created.statusCode).toBe(201);
    const claim = created.json<ClaimJson>();
    for (const payload of actions) {
      const who = payload.action === 'submit' || payload.action === 'respond' ? 'manager' : 'staff';
      const response = await client.transition(who, claim.id, payload, claim.version);
      expect(response.statusCode).toBe(200);
      claim.version = response.json<ClaimJson>().version;
    }
    return claim;
  }

  /** What the application logged of a request that failed: its error's message. */
  function loggedError(response: LightMyRequestResponse): string {
    const requestId = String(response.json<{ requestId?: string }>().requestId);
    const line = api.logs.lines.find((logged) => JSON.stringify(logged).includes(requestId));
    const error = line?.err as { message?: unknown } | undefined;
    return String(error?.message ?? line?.msg ?? 'nothing logged');
  }

  it(`answers 200 to request_info and respond racing on one partner's two claim counts, for each of ${RACED_PARTNERS} partners`, async () => {
    const racer = await CounterRacer.connect(database.url);
    const failures: string[] = [];
    try {
      for (let partner = 0; partner < RACED_PARTNERS; partner += 1) {
        const world = await claimsWorld(api, dataSource, `raced-${partner}`);
        const client = claimsClient(api, world);
        const review = [{ action: 'submit' }, { action: 'start_review' }];
        const reviewed = await claimThrough(world, draftBody(world), review);
        const asked = await claimThrough(world, draftBody(world), [
          ...review,
          { action: 'request_info', message: 'Which warehouse?' },
        ]);
        const row = (status: string) => ({
          text: `partner_id = $1 AND status = '${status}' AND type = 'other'`,
          values: [world.partner.id],
        });
        const responses = await racer.race({
          table: 'claim_counts',
          first: row('in_review'),
          second: row('info_requested'),
          changes: [
            () =>
              client.transition(
                'staff',
                reviewed.id,
                { action: 'request_info', message: 'Which warehouse?' },
                reviewed.version,
              ),
            () =>
              client.transition(
                'manager',
                asked.id,
                { action: 'respond', message: 'The main one.' },
                asked.version,
              ),
          ],
        });
        for (const response of responses) {
          if (response.statusCode !== 200) {
            failures.push(`${response.statusCode}: ${loggedError(response)}`);
          }
        }
        expect(await countsOffBy(world.partner.id)).toEqual([]);
      }
    } finally {
      await racer.close();
    }
    expect(failures).toEqual([]);
  });

  it(`answers no 5xx while ${PARTNERS * TYPES.length * LANES_PER_TYPE} claims of ${PARTNERS} partners go back and forth through review at once, and the counters equal a recount`, async () => {
    const worlds: ClaimsWorld[] = [];
    const lanes: Array<{ client: ReturnType<typeof claimsClient>; claim: ClaimJson }> = [];
    for (let partner = 0; partner < PARTNERS; partner += 1) {
      const world = await claimsWorld(api, dataSource, `counters-${partner}`);
      worlds.push(world);
      for (const type of TYPES) {
        for (let lane = 0; lane < LANES_PER_TYPE; lane += 1) {
          const body =
            type === 'other'
              ? draftBody(world)
              : await movementDraftBody(dataSource, world, type, {}, { units: 2 });
          lanes.push({
            client: claimsClient(api, world),
            claim: await claimThrough(world, body, []),
          });
        }
      }
    }

    const failures: string[] = [];
    /** One transition at the claim's version: the claim's next version, or a failure recorded. */
    const step = async (
      { client, claim }: (typeof lanes)[number],
      who: 'manager' | 'staff',
      payload: Record<string, unknown>,
    ): Promise<void> => {
      const response = await client.transition(who, claim.id, payload, claim.version);
      if (response.statusCode !== 200) {
        failures.push(`${String(payload.action)}: ${response.statusCode} ${loggedError(response)}`);
        throw new Error(`${String(payload.action)} answered ${response.statusCode}`);
      }
      claim.version = response.json<ClaimJson>().version;
    };
    // Every claim goes in_review ⇄ info_requested: the two counter rows of its partner and type,
    // which the other claims of the same partner and type write at the same time.
    const run = async (lane: (typeof lanes)[number], index: number): Promise<void> => {
      await step(lane, 'manager', { action: 'submit' });
      await step(lane, 'staff', { action: 'start_review' });
      for (let round = 0; round < ROUNDS; round += 1) {
        await step(lane, 'staff', { action: 'request_info', message: `Question ${round}.` });
        await step(lane, 'manager', { action: 'respond', message: `Answer ${round}.` });
      }
      await step(
        lane,
        'staff',
        index % 2 === 0
          ? { action: 'approve', amountApproved: 100 }
          : { action: 'reject', message: 'Not covered.' },
      );
    };
    const outcomes = await Promise.allSettled(lanes.map((lane, index) => run(lane, index)));

    expect(failures).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    for (const world of worlds) expect(await countsOffBy(world.partner.id)).toEqual([]);
    expect(await rollupViolations(dataSource)).toEqual([]);
    expect(await overviewTableViolations(dataSource)).toEqual([]);
  });

  it('answers a deadlock that still happens 503 unavailable with Retry-After, having written nothing', async () => {
    const world = await claimsWorld(api, dataSource, 'deadlocked');
    const review = [{ action: 'submit' }, { action: 'start_review' }];
    const claim = await claimThrough(world, draftBody(world), review);
    // Another claim with information requested: the counter row the transition will need exists.
    await claimThrough(world, draftBody(world), [
      ...review,
      { action: 'request_info', message: 'Which warehouse?' },
    ]);
    const events = async () =>
      (await dataSource.query(
        `SELECT count(*)::int AS n FROM claim_events WHERE partner_id = $1 AND claim_id = $2`,
        [world.partner.id, claim.id],
      )) as unknown;
    const eventsBefore = await events();
    // A session of the test holds a counter row the transition needs, waits until the transition
    // waits for it, then asks for the claim's row, which the transition holds: a cycle. The
    // transition waited first, so its deadlock check runs first and fails it (40P01).
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const held = await holder.query(
        `SELECT 1 FROM claim_counts
          WHERE partner_id = $1 AND status = 'info_requested' AND type = 'other' FOR UPDATE`,
        [world.partner.id],
      );
      expect(held.rowCount).toBe(1);
      const pid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
        ?.pid;
      const answer = claimsClient(api, world).transition(
        'staff',
        claim.id,
        { action: 'request_info', message: 'Which warehouse?' },
        claim.version,
      );
      for (let waited = 0; ; waited += 10) {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))`,
          [pid],
        );
        if (rows[0]?.n === 1) break;
        if (waited > 10_000) throw new Error('The transition never waited for the counter row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query(`SELECT 1 FROM claims WHERE partner_id = $1 AND id = $2 FOR UPDATE`, [
        world.partner.id,
        claim.id,
      ]);
      const response = await answer;

      expect(loggedError(response)).toBe('deadlock detected');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toMatchObject({ status: 503, code: 'unavailable' });
      const requestId = response.json<{ requestId: string }>().requestId;
      const warned = api.logs.lines.filter(
        (line) =>
          line.msg === 'Request failed: transaction conflict' &&
          JSON.stringify(line).includes(requestId),
      );
      expect(warned.map((line) => (line.err as { code?: unknown } | undefined)?.code)).toEqual([
        '40P01',
      ]);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const after = (await claimsClient(api, world).get('viewer', claim.id)).json<ClaimJson>();
    expect(after).toMatchObject({ status: 'in_review', version: claim.version });
    expect(await events()).toEqual(eventsBefore);
    expect(await countsOffBy(world.partner.id)).toEqual([]);
  });
});
