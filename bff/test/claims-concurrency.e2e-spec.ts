import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf } from './support/inventory.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface ClaimJson {
  id: string;
  number: string;
  status: string;
  version: number;
  description: string;
}

/**
 * On a real PostgreSQL only (TEST_DATABASE_URL, as CI runs): the embedded PGlite behind its socket
 * serves every connection from one session, and a dozen connections sending statements at once outside
 * a transaction break each other's unnamed prepared statements ("unnamed prepared statement does not
 * exist", 2026-11-23), which is not what these tests are about.
 */
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
const describeOnPostgres = ON_POSTGRES ? describe : describe.skip;

/** How many clients race in each round, and how many rounds. */
const CLIENTS = 12;
const ROUNDS = 100;

/**
 * Claims under concurrency on a real PostgreSQL (issue #9, "must be shown" 2 and 3; docs/api.md,
 * optimistic concurrency and Idempotency-Key): no lost update, gap-free numbers per partner, and an
 * Idempotency-Key retry that races its first request answers the first claim.
 */
describeOnPostgres('claims under concurrency', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let world: ClaimsWorld;
  let client: ReturnType<typeof claimsClient>;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'race');
    client = claimsClient(api, world);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  async function eventsOf(claimId: string): Promise<Array<{ kind: string; body: string | null }>> {
    return (await dataSource.query(
      `SELECT kind, body FROM claim_events WHERE partner_id = $1 AND claim_id = $2 ORDER BY at, id`,
      [world.partner.id, claimId],
    )) as Array<{ kind: string; body: string | null }>;
  }

  it(`loses no update: ${CLIENTS} clients edit one draft with the same version at once, ${ROUNDS} rounds`, async () => {
    const created = await client.create('manager', draftBody(world));
    const claim = created.json<ClaimJson>();
    const start = claim.version;
    const winners: string[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const version = start + round;
      const descriptions = Array.from(
        { length: CLIENTS },
        (_, index) => `Round ${round}, client ${index}: what was lost.`,
      );
      const responses = await Promise.all(
        descriptions.map((description, index) =>
          client.patch(index % 2 === 0 ? 'manager' : 'admin', claim.id, { description }, version),
        ),
      );

      const won = responses.filter((response) => response.statusCode === 200);
      const lost = responses.filter((response) => response.statusCode === 412);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(CLIENTS - 1);
      const winner = won[0]?.json<ClaimJson>();
      expect(winner?.version).toBe(version + 1);
      winners.push(winner?.description ?? '');
      for (const response of lost) {
        // The current claim: the winner's change, at the new version.
        expect(response.headers.etag).toBe(`"${version + 1}"`);
        expect(response.json()).toMatchObject({
          code: 'stale',
          claim: { id: claim.id, version: version + 1, description: winner?.description },
        });
      }
    }

    const final = (await client.get('viewer', claim.id)).json<ClaimJson>();
    expect(final.version).toBe(start + ROUNDS);
    expect(final.description).toBe(winners.at(-1));
    const edits = (await eventsOf(claim.id)).filter((event) => event.kind === 'edit');
    expect(edits).toHaveLength(ROUNDS);
  });

  it('loses no transition: racing request_info and respond, one winner per round, one event each', async () => {
    const created = await client.create('manager', draftBody(world));
    const claim = created.json<ClaimJson>();
    expect((await client.transition('manager', claim.id, { action: 'submit' }, 1)).statusCode).toBe(
      200,
    );
    expect(
      (await client.transition('staff', claim.id, { action: 'start_review' }, 2)).statusCode,
    ).toBe(200);
    let version = 3;
    const rounds = 20;

    for (let round = 0; round < rounds; round += 1) {
      const asking = round % 2 === 0;
      const responses = await Promise.all(
        Array.from({ length: CLIENTS }, (_, index) =>
          asking
            ? client.transition(
                'staff',
                claim.id,
                { action: 'request_info', message: `Question ${round}.${index}` },
                version,
              )
            : client.transition(
                index % 2 === 0 ? 'manager' : 'admin',
                claim.id,
                { action: 'respond', message: `Answer ${round}.${index}` },
                version,
              ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(CLIENTS - 1).fill(412)]);
      version += 1;
    }

    const final = (await client.get('viewer', claim.id)).json<ClaimJson>();
    expect(final).toMatchObject({ version, status: 'in_review' });
    const transitions = (await eventsOf(claim.id)).filter((event) => event.kind === 'transition');
    // submit, start_review, then one per round.
    expect(transitions).toHaveLength(2 + rounds);
  });

  it('gives a large approval to exactly one of the staff racing to give it first, then to exactly one of the others racing to complete it', async () => {
    // Six staff members, each a client of their own token sending as `staff`.
    const tag = randomUUID().slice(0, 8);
    const staff = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const email = `approver-${index}-${tag}@claims.test`;
        const id = await createUser(dataSource, email, 'unused', [], { isStaff: true });
        const token = await bearerOf(api, email);
        return {
          id,
          client: claimsClient(api, { ...world, tokens: { ...world.tokens, staff: token } }),
        };
      }),
    );
    const rounds = 10;
    for (let round = 0; round < rounds; round += 1) {
      // 500 units of 2.50: 1,250.00 EUR, above the default SECOND_APPROVAL_ABOVE (1,000.00).
      const created = await client.create('manager', draftBody(world, { quantity: 500 }));
      const claim = created.json<ClaimJson & { amountClaimed: { amount: number } }>();
      expect(claim.amountClaimed.amount).toBe(125_000);
      expect(
        (await client.transition('manager', claim.id, { action: 'submit' }, 1)).statusCode,
      ).toBe(200);
      expect(
        (await client.transition('staff', claim.id, { action: 'start_review' }, 2)).statusCode,
      ).toBe(200);

      const first = await Promise.all(
        staff.map((member) =>
          member.client.transition(
            'staff',
            claim.id,
            { action: 'approve', amountApproved: 120_000 },
            3,
          ),
        ),
      );
      expect(first.map((response) => response.statusCode).sort()).toEqual([
        200, 412, 412, 412, 412, 412,
      ]);
      const firstIndex = first.findIndex((response) => response.statusCode === 200);
      expect(first[firstIndex]?.json()).toMatchObject({
        status: 'in_review',
        version: 4,
        pendingApproval: { by: { id: staff[firstIndex]?.id }, amountApproved: { amount: 120_000 } },
      });

      const others = staff.filter((_, index) => index !== firstIndex);
      const second = await Promise.all(
        others.map((member, index) =>
          member.client.transition(
            'staff',
            claim.id,
            { action: 'approve', amountApproved: 110_000 + index },
            4,
          ),
        ),
      );
      expect(second.map((response) => response.statusCode).sort()).toEqual([
        200, 412, 412, 412, 412,
      ]);
      const winner = second.findIndex((response) => response.statusCode === 200);
      expect(second[winner]?.json()).toMatchObject({
        status: 'approved',
        version: 5,
        amountApproved: { amount: 110_000 + winner },
        pendingApproval: null,
      });
      const events = await eventsOf(claim.id);
      expect(events.filter((event) => event.kind === 'approval_requested')).toHaveLength(1);
      expect(events.filter((event) => event.kind === 'transition')).toHaveLength(3);
      const audited = (await dataSource.query(
        `SELECT count(*)::int AS n FROM audit_logs WHERE partner_id = $1 AND action = 'claim.approved' AND target = $2`,
        [world.partner.id, `claim:${claim.id}`],
      )) as Array<{ n: number }>;
      expect(audited[0]?.n).toBe(1);
    }
  });

  it('numbers 200 claims filed at once across two partners 1..n per partner, without gap or duplicate', async () => {
    const second = await claimsWorld(api, dataSource, 'race-two');
    const secondClient = claimsClient(api, second);
    const requests = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? client.create(index % 4 === 0 ? 'manager' : 'admin', draftBody(world))
        : secondClient.create(index % 4 === 1 ? 'manager' : 'admin', draftBody(second)),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);

    for (const partner of [world.partner, second.partner]) {
      const rows = (await dataSource.query(
        `SELECT number FROM claims WHERE partner_id = $1 ORDER BY number`,
        [partner.id],
      )) as Array<{ number: number }>;
      const numbers = rows.map((row) => row.number);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
      const counter = (await dataSource.query(
        `SELECT last_number FROM claim_number_counters WHERE partner_id = $1`,
        [partner.id],
      )) as Array<{ last_number: number }>;
      expect(counter[0]?.last_number).toBe(numbers.length);
    }
    const secondNumbers = responses
      .filter((_, index) => index % 2 === 1)
      .map((response) => response.json<ClaimJson>().number)
      .sort();
    expect(secondNumbers).toEqual(
      Array.from({ length: 100 }, (_, index) => `CLM-${String(index + 1).padStart(6, '0')}`),
    );
  });

  it('answers 10 concurrent sends of one Idempotency-Key with one claim, and the numbers stay gap-free', async () => {
    const key = `race-${Date.now()}`;
    const body = draftBody(world, { description: 'Filed from a flaky connection.' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => client.create('manager', body, { 'idempotency-key': key })),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(10).fill(201));
    const ids = new Set(responses.map((response) => response.json<ClaimJson>().id));
    expect(ids.size).toBe(1);
    const replayed = responses.filter((response) => response.headers['idempotent-replayed']);
    expect(replayed).toHaveLength(9);
    const rows = (await dataSource.query(
      `SELECT number FROM claims WHERE partner_id = $1 ORDER BY number`,
      [world.partner.id],
    )) as Array<{ number: number }>;
    expect(rows.map((row) => row.number)).toEqual(
      Array.from({ length: rows.length }, (_, index) => index + 1),
    );
    // The same key of another creator is another claim.
    const admin = await client.create('admin', body, { 'idempotency-key': key });
    expect(admin.statusCode).toBe(201);
    expect(ids.has(admin.json<ClaimJson>().id)).toBe(false);
  });
});
