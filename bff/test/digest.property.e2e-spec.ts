import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import type { DigestMail } from '#src/mail/digest.mail.js';
import { type Mail, MailService } from '#src/mail/mail.service.js';
import { DigestService } from '#src/notifications/digest.service.js';
import { insertClaim } from './support/claim-fixtures.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { PROPERTY_TIME_ZONES } from './support/time-zones.js';

const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
const RUNS = Number(process.env.PROPERTY_RUNS ?? (ON_POSTGRES ? '40' : '10'));

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The first of the random "now"s: a year of them, across every daylight-saving change. */
const YEAR_START = Date.parse('2027-01-01T00:00:00Z');
/** The filing window (docs/product.md §5) and the days before its end the digest warns of. */
const WINDOW_DAYS = 60;
const WARN_DAYS = [7, 3, 1];

// ----- the oracle: plain JavaScript over what the run inserted, time zones by Intl -----

/** `YYYY-MM-DD` and `HH:MM` of an instant in a time zone. */
function localOf(at: number, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

type StockState = 'in' | 'low' | 'out';
const RANK: Record<StockState, number> = { in: 0, low: 1, out: 2 };
const stateOf = (available: number, reorderPoint: number): StockState =>
  available <= 0 ? 'out' : available <= reorderPoint ? 'low' : 'in';

interface Person {
  email: string;
  filingDeadlines: 'daily_digest' | 'off';
  lowStock: 'daily_digest' | 'off';
  /** Hours before now of this person's last digest, or null (never had one). */
  lastRunHoursAgo: number | null;
}
interface DraftSeed {
  status: 'draft' | 'submitted' | 'info_requested';
  /** Days from the partner's today to the window's last day (incident date + 60). */
  daysLeft: number;
}
interface LossSeed {
  kind: 'loss' | 'damage';
  /** Days from the partner's today to the window's last day, of the movement's local day. */
  daysLeft: number;
  /** Minutes into that UTC day: the local day may be the one before or after. */
  minute: number;
  units: number;
  claim: 'none' | 'open' | 'withdrawn';
}
interface StockSeed {
  onHand: number;
  reorderPoint: number;
  active: boolean;
  /** Movements: hours before now they were recorded, and their quantity. */
  moves: Array<{ hoursAgo: number; quantity: number }>;
}
interface Run {
  timeZone: string;
  /** Minutes after YEAR_START. */
  nowMinute: number;
  people: Person[];
  drafts: DraftSeed[];
  losses: LossSeed[];
  stock: StockSeed[];
}

interface ExpectedDeadline {
  kind: string;
  claimNumber: string | null;
  units: number | null;
  daysLeft: number;
  deadline: string;
}
interface ExpectedStock {
  sku: string;
  state: StockState;
  available: number;
  reorderPoint: number;
}

const byKey = <T>(entries: T[]) =>
  entries.map((entry) => JSON.stringify(entry)).sort((a, b) => a.localeCompare(b));

/**
 * The daily digest (docs/product.md, Notification preferences): for 5 to 8 random claims, losses,
 * damages and stock movements of a partner in a random time zone, and a random "now", what
 * `DigestService.sendDue(now)` enqueues equals a plain oracle: a digest only when the partner's local
 * time is 08:00 or later and the person has had none for that local day; the drafts and unclaimed
 * losses and damages whose window closes in exactly 7, 3 or 1 days (for those who want deadlines);
 * the items whose stock state got worse since the person's last digest (or the last 24 hours) (for
 * those who want low stock); nothing when both lists are empty.
 */
describe('the daily digest (property)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      // Nothing is sent: the test reads what the digest enqueues.
      env: {
        ...CHEAP_ARGON2,
        WORKER: 'off',
        ...(ON_POSTGRES ? {} : { DATABASE_PREPARED_STATEMENTS: 'false' }),
      },
    });
    dataSource = api.app.get(DataSource);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const person: fc.Arbitrary<Person> = fc.record({
    email: fc.constant(''),
    filingDeadlines: fc.constantFrom(
      'daily_digest' as const,
      'daily_digest' as const,
      'off' as const,
    ),
    lowStock: fc.constantFrom('daily_digest' as const, 'daily_digest' as const, 'off' as const),
    lastRunHoursAgo: fc.option(fc.integer({ min: 1, max: 48 }), { nil: null }),
  });
  /** Days to a window's end: the warned ones, their neighbours and some already closed. */
  const daysLeft = fc.oneof(fc.constantFrom(...WARN_DAYS), fc.integer({ min: -1, max: 8 }));
  const run: fc.Arbitrary<Run> = fc.record({
    timeZone: fc.constantFrom(...PROPERTY_TIME_ZONES),
    nowMinute: fc.nat({ max: 365 * 24 * 60 }),
    people: fc.array(person, { minLength: 1, maxLength: 3 }),
    drafts: fc.array(
      fc.record({
        status: fc.constantFrom(
          'draft' as const,
          'draft' as const,
          'submitted' as const,
          'info_requested' as const,
        ),
        daysLeft: daysLeft,
      }),
      { maxLength: 5 },
    ),
    losses: fc.array(
      fc.record({
        kind: fc.constantFrom('loss' as const, 'damage' as const),
        daysLeft: daysLeft,
        minute: fc.nat({ max: 24 * 60 - 1 }),
        units: fc.integer({ min: 1, max: 9 }),
        claim: fc.constantFrom(
          'none' as const,
          'none' as const,
          'open' as const,
          'withdrawn' as const,
        ),
      }),
      { maxLength: 5 },
    ),
    stock: fc.array(
      fc.record({
        onHand: fc.integer({ min: 0, max: 14 }),
        reorderPoint: fc.integer({ min: 0, max: 12 }),
        active: fc.constantFrom(true, true, true, false),
        moves: fc.array(
          fc.record({
            hoursAgo: fc.integer({ min: 0, max: 48 }),
            quantity: fc.integer({ min: -15, max: 5 }).filter((q) => q !== 0),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  });

  it(`enqueues what the oracle says over ${RUNS} random partners, zones and mornings (seed ${SEED})`, async () => {
    const mail = api.app.get(MailService);
    const enqueue = mail.enqueue.bind(mail);
    const enqueued: Mail[] = [];
    const spy = jest.spyOn(mail, 'enqueue').mockImplementation(async (manager, message) => {
      enqueued.push(message);
      return enqueue(manager, message);
    });
    let previous: string | undefined;
    try {
      await fc.assert(
        fc.asyncProperty(run, async (r) => {
          // Only this run's partner is due: the earlier runs' partners are suspended.
          if (previous !== undefined) {
            await dataSource.query(`UPDATE partners SET status = 'suspended' WHERE id = $1`, [
              previous,
            ]);
          }
          const now = YEAR_START + r.nowMinute * 60_000;
          const local = localOf(now, r.timeZone);
          const today = dayNumber(local.day);
          const partner = await createPartner(dataSource, 'digest-prop');
          previous = partner.id;
          await dataSource.query(`UPDATE partners SET time_zone = $2 WHERE id = $1`, [
            partner.id,
            r.timeZone,
          ]);

          // The people, their choices and their last digest.
          const tag = randomUUID().slice(0, 8);
          const people = r.people.map((p, i) => ({ ...p, email: `p${i}-${tag}@digest.test` }));
          const userIds: string[] = [];
          for (const p of people) {
            const id = await createUser(dataSource, p.email, 'unused', [
              { slug: partner.slug, role: 'viewer' },
            ]);
            userIds.push(id);
            await dataSource.query(
              `INSERT INTO notification_preferences (partner_id, user_id, claim_updates, filing_deadlines, low_stock, updated_at)
               VALUES ($1, $2, 'instant', $3, $4, now())`,
              [partner.id, id, p.filingDeadlines, p.lowStock],
            );
            if (p.lastRunHoursAgo !== null) {
              const ranAt = now - p.lastRunHoursAgo * HOUR_MS;
              await dataSource.query(
                `INSERT INTO digest_runs (partner_id, user_id, local_day, ran_at, sent)
                 VALUES ($1, $2, $3, $4, true)`,
                [partner.id, id, localOf(ranAt, r.timeZone).day, new Date(ranAt)],
              );
            }
          }

          // An item for the claims and losses (plenty on hand: never low), then the stock items.
          const [item] = await insertItems(dataSource, partner.id, [
            { sku: `CLAIMED-${tag}`, onHand: 1000, reorderPoint: 0 },
          ]);
          if (item === undefined) throw new Error('no item');
          const expectedDeadlines: ExpectedDeadline[] = [];
          for (const draft of r.drafts) {
            const claim = await insertClaim(dataSource, partner.id, {
              status: draft.status,
              itemId: item.id,
              incidentDate: dayOf(today + draft.daysLeft - WINDOW_DAYS),
            });
            if (draft.status === 'draft' && WARN_DAYS.includes(draft.daysLeft)) {
              expectedDeadlines.push({
                kind: 'draft',
                claimNumber: `CLM-${String(claim.number).padStart(6, '0')}`,
                units: null,
                daysLeft: draft.daysLeft,
                deadline: dayOf(today + draft.daysLeft),
              });
            }
          }
          for (const loss of r.losses) {
            const occurredAt =
              (today + loss.daysLeft - WINDOW_DAYS) * DAY_MS + loss.minute * 60_000;
            const rows = (await dataSource.query(
              `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at, recorded_at)
               VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
              [partner.id, item.id, loss.kind, -loss.units, new Date(occurredAt)],
            )) as Array<{ id: string }>;
            if (loss.claim !== 'none') {
              await insertClaim(dataSource, partner.id, {
                type: loss.kind === 'loss' ? 'lost' : 'damaged',
                status: loss.claim === 'open' ? 'submitted' : 'withdrawn',
                itemId: item.id,
                movementId: rows[0]?.id ?? null,
                quantity: loss.units,
                incidentDate: localOf(occurredAt, r.timeZone).day,
              });
            }
            // The window is counted from the movement's day in the partner's time zone.
            const deadline = dayNumber(localOf(occurredAt, r.timeZone).day) + WINDOW_DAYS;
            if (loss.claim !== 'open' && WARN_DAYS.includes(deadline - today)) {
              expectedDeadlines.push({
                kind: loss.kind === 'loss' ? 'unclaimed_loss' : 'unclaimed_damage',
                claimNumber: null,
                units: loss.units,
                daysLeft: deadline - today,
                deadline: dayOf(deadline),
              });
            }
          }
          const stockItems = await insertItems(
            dataSource,
            partner.id,
            r.stock.map((s, i) => ({
              sku: `S${i}-${tag}`,
              onHand: s.onHand,
              reorderPoint: s.reorderPoint,
              status: s.active ? ('active' as const) : ('discontinued' as const),
            })),
          );
          for (const [i, s] of r.stock.entries()) {
            const stored = stockItems.find((row) => row.sku === `S${i}-${tag}`);
            if (stored === undefined) throw new Error('no stock item');
            for (const move of s.moves) {
              const at = new Date(now - move.hoursAgo * HOUR_MS);
              await dataSource.query(
                `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at, recorded_at)
                 VALUES ($1, $2, $3, $4, $5, $5)`,
                [
                  partner.id,
                  stored.id,
                  move.quantity < 0 ? 'shipment' : 'receipt',
                  move.quantity,
                  at,
                ],
              );
            }
          }
          /** The items that became low or out after `since` (ms): state now against state then. */
          const stockSince = (since: number): ExpectedStock[] =>
            r.stock.flatMap((s, i) => {
              const moved = s.moves.filter((move) => now - move.hoursAgo * HOUR_MS > since);
              if (!s.active || moved.length === 0) return [];
              const before = s.onHand - moved.reduce((sum, move) => sum + move.quantity, 0);
              const nowState = stateOf(s.onHand, s.reorderPoint);
              const thenState = stateOf(before, s.reorderPoint);
              if (nowState === 'in' || RANK[nowState] <= RANK[thenState]) return [];
              return [
                {
                  sku: `S${i}-${tag}`,
                  state: nowState,
                  available: s.onHand,
                  reorderPoint: s.reorderPoint,
                },
              ];
            });

          enqueued.length = 0;
          const outcome = await api.app.get(DigestService).sendDue(new Date(now));

          const due = local.time >= '08:00';
          const expected = new Map<string, { deadlines: string[]; stock: string[] }>();
          let quiet = 0;
          for (const p of people) {
            const lastRun = p.lastRunHoursAgo === null ? null : now - p.lastRunHoursAgo * HOUR_MS;
            const hadToday = lastRun !== null && localOf(lastRun, r.timeZone).day === local.day;
            const wantsAny = p.filingDeadlines !== 'off' || p.lowStock !== 'off';
            if (!due || hadToday || !wantsAny) continue;
            const deadlines = p.filingDeadlines === 'off' ? [] : expectedDeadlines;
            const stock = p.lowStock === 'off' ? [] : stockSince(lastRun ?? now - DAY_MS);
            if (deadlines.length === 0 && stock.length === 0) quiet += 1;
            else expected.set(p.email, { deadlines: byKey(deadlines), stock: byKey(stock) });
          }

          const digests = enqueued
            .filter((m): m is Extract<Mail, { template: 'digest' }> => m.template === 'digest')
            .map((m) => m.data as DigestMail);
          const actual = new Map<string, { deadlines: string[]; stock: string[] }>();
          for (const digest of digests) {
            expect(actual.has(digest.to.email)).toBe(false); // one per person
            expect(digest.day).toBe(local.day);
            actual.set(digest.to.email, {
              deadlines: byKey(
                digest.deadlines.map((d) => ({
                  kind: d.kind,
                  claimNumber: d.claimNumber,
                  units: d.units,
                  daysLeft: d.daysLeft,
                  deadline: d.deadline,
                })),
              ),
              stock: byKey(
                digest.stock.map((s) => ({
                  sku: s.item.split(' ')[0] ?? '',
                  state: s.state,
                  available: s.available,
                  reorderPoint: s.reorderPoint,
                })),
              ),
            });
          }
          expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
          expect(outcome).toEqual({ sent: expected.size, quiet, failed: 0 });
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } finally {
      spy.mockRestore();
    }
  }, 240_000);
});
