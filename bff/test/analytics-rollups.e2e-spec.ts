import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { rollupViolations } from './support/rollup-invariants.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * The rollup tables of the dashboards (migration 1795800000000-dashboard-rollups): kept by the
 * statement-level triggers on `claim_events` and `inventory_movements`, bucketed by the partner's days
 * across DST changes, and the same whether built by the triggers or by the migration's backfill.
 */

type Row = Record<string, unknown>;

interface Rollups {
  claimDailyStats: Row[];
  claimDecisionHistograms: Row[];
  inventoryDailyStats: Row[];
}

async function rollups(dataSource: DataSource): Promise<Rollups> {
  // As JSON: dates as YYYY-MM-DD, bigints as numbers.
  const read = async (table: string, order: string) =>
    (
      (await dataSource.query(
        `SELECT to_jsonb(t) AS row FROM ${table} AS t ORDER BY ${order}`,
      )) as Array<{
        row: Row;
      }>
    ).map(({ row }) => row);
  return {
    claimDailyStats: await read('claim_daily_stats', 'partner_id, day, type'),
    // The histogram as its text: JSON would drop the array's subscripts (the days).
    claimDecisionHistograms: await read(
      '(SELECT partner_id, day, counts::text AS counts FROM claim_decision_histograms)',
      'partner_id, day',
    ),
    inventoryDailyStats: await read('inventory_daily_stats', 'partner_id, day'),
  };
}

describe('the dashboard rollups', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let berlin: string;
  let chatham: string;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await startTestDatabase();
    dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 2, migrationsRun: false }),
    );
    await dataSource.initialize();
    await dataSource.runMigrations();
    const partners = (await dataSource.query(
      `INSERT INTO partners (slug, name, time_zone, currency) VALUES
         ('berlin', 'Berlin', 'Europe/Berlin', 'EUR'), ('chatham', 'Chatham', 'Pacific/Chatham', 'NZD')
       RETURNING id`,
    )) as Array<{ id: string }>;
    [berlin, chatham] = partners.map((row) => row.id) as [string, string];
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  async function item(partnerId: string, sku: string, unitValue: number): Promise<string> {
    const rows = (await dataSource.query(
      `INSERT INTO inventory_items (partner_id, sku, name, category, warehouse, unit_value, on_hand)
       VALUES ($1, $2, $2, 'General', 'Main', $3, 100) RETURNING id`,
      [partnerId, sku, unitValue],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? '';
  }

  async function claim(
    partnerId: string,
    itemId: string,
    fields: {
      type: string;
      status: string;
      quantity: number;
      unitValue: number;
      approved?: number;
      submittedAt: string;
    },
  ): Promise<string> {
    const rows = (await dataSource.query(
      `INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value, amount_claimed,
         amount_approved, currency, incident_date, description, submitted_at)
       VALUES ($1, (SELECT count(*) + 1 FROM claims WHERE partner_id = $1), $2, $3, $4, $5, $6, $7, $8, 'EUR',
         '2026-03-01', 'A claim of the rollup test', $9)
       RETURNING id`,
      [
        partnerId,
        fields.type,
        fields.status,
        itemId,
        fields.quantity,
        fields.unitValue,
        fields.quantity * fields.unitValue,
        fields.approved ?? null,
        fields.submittedAt,
      ],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? '';
  }

  it('follow movements and transition events, statement by statement, by the partner’s day', async () => {
    const widget = await item(berlin, 'W-1', 250);
    const gadget = await item(berlin, 'G-1', 1000);
    const far = await item(chatham, 'F-1', 7);

    // One statement of several rows (a bulk load), around the spring change of 2026-03-29 in Berlin.
    await dataSource.query(
      `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at) VALUES
         ($1, $2, 'receipt', 10, '2026-03-28T23:30:00Z'),
         ($1, $2, 'loss', -2, '2026-03-29T21:59:00Z'),
         ($1, $3, 'receipt', 3, '2026-03-29T22:30:00Z'),
         ($4, $5, 'damage', -4, '2026-04-04T13:00:00Z')`,
      [berlin, widget, gadget, chatham, far],
    );
    // Then one row at a time, adding to a day already there.
    await dataSource.query(
      `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
       VALUES ($1, $2, 'damage', -1, '2026-03-29T12:00:00Z')`,
      [berlin, gadget],
    );

    const submitted = '2026-03-27T23:30:00Z'; // Berlin 2026-03-28 00:30 (CET)
    const approvedThenPaid = await claim(berlin, widget, {
      type: 'damaged',
      status: 'paid',
      quantity: 4,
      unitValue: 250,
      approved: 800,
      submittedAt: submitted,
    });
    const rejected = await claim(berlin, gadget, {
      type: 'lost',
      status: 'rejected',
      quantity: 1,
      unitValue: 1000,
      submittedAt: '2026-03-29T21:00:00Z',
    });
    const withdrawn = await claim(berlin, gadget, {
      type: 'lost',
      status: 'withdrawn',
      quantity: 2,
      unitValue: 1000,
      submittedAt: '2026-03-29T21:00:00Z',
    });
    const event = (
      claimId: string,
      from: string | null,
      to: string | null,
      at: string,
      kind = 'transition',
    ) =>
      dataSource.query(
        `INSERT INTO claim_events (partner_id, claim_id, kind, from_status, to_status, at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [berlin, claimId, kind, from, to, at],
      );
    await event(approvedThenPaid, null, null, '2026-03-27T20:00:00Z', 'created');
    await event(approvedThenPaid, 'draft', 'submitted', submitted);
    await event(approvedThenPaid, 'submitted', 'in_review', '2026-03-28T10:00:00Z');
    await event(approvedThenPaid, 'in_review', 'approved', '2026-03-29T22:30:00Z'); // 2026-03-30 00:30 CEST
    await event(approvedThenPaid, 'approved', 'paid', '2026-03-30T10:00:00Z');
    await event(approvedThenPaid, null, null, '2026-03-30T11:00:00Z', 'comment');
    // Two claims' events in one statement.
    await dataSource.query(
      `INSERT INTO claim_events (partner_id, claim_id, kind, from_status, to_status, at) VALUES
         ($1, $2, 'transition', 'draft', 'submitted', '2026-03-29T21:00:00Z'),
         ($1, $3, 'transition', 'draft', 'submitted', '2026-03-29T21:00:00Z'),
         ($1, $2, 'transition', 'in_review', 'rejected', '2026-03-29T21:30:00Z'),
         ($1, $3, 'transition', 'submitted', 'withdrawn', '2026-03-29T21:45:00Z')`,
      [berlin, rejected, withdrawn],
    );

    const { claimDailyStats, claimDecisionHistograms, inventoryDailyStats } =
      await rollups(dataSource);
    const zero = {
      filed_count: 0,
      filed_amount: 0,
      approved_count: 0,
      approved_amount: 0,
      rejected_count: 0,
      paid_count: 0,
      paid_amount: 0,
      closed_count: 0,
      closed_amount: 0,
    };
    expect(claimDailyStats).toEqual([
      {
        partner_id: berlin,
        day: '2026-03-28',
        type: 'damaged',
        ...zero,
        filed_count: 1,
        filed_amount: 1000,
      },
      {
        partner_id: berlin,
        day: '2026-03-29',
        type: 'lost',
        ...zero,
        filed_count: 2,
        filed_amount: 3000,
        rejected_count: 1,
        closed_count: 2,
        closed_amount: 3000,
      },
      {
        partner_id: berlin,
        day: '2026-03-30',
        type: 'damaged',
        ...zero,
        approved_count: 1,
        approved_amount: 800,
        paid_count: 1,
        paid_amount: 800,
        closed_count: 1,
        closed_amount: 1000,
      },
    ]);
    // One decision on the 29th the day it was submitted, one on the 30th two days after.
    expect(claimDecisionHistograms).toEqual([
      { partner_id: berlin, day: '2026-03-29', counts: '[0:0]={1}' },
      { partner_id: berlin, day: '2026-03-30', counts: '[2:2]={1}' },
    ]);
    const movementDay = (partnerId: string, day: string, fields: Partial<Row>) => ({
      partner_id: partnerId,
      day,
      units_delta: 0,
      value_delta: 0,
      lost_units: 0,
      lost_value: 0,
      damaged_units: 0,
      damaged_value: 0,
      ...fields,
    });
    expect(inventoryDailyStats).toEqual(
      [
        // 23:30Z on the 28th is 00:30 CET on the 29th; 21:59Z on the 29th is 23:59 CEST.
        movementDay(berlin, '2026-03-29', {
          units_delta: 7,
          value_delta: 1000,
          lost_units: 2,
          lost_value: 500,
          damaged_units: 1,
          damaged_value: 1000,
        }),
        // 22:30Z on the 29th is 00:30 CEST on the 30th.
        movementDay(berlin, '2026-03-30', { units_delta: 3, value_delta: 3000 }),
        // Chatham is 13:45 ahead of UTC in April (until 2026-04-05): 02:45 on the 5th.
        movementDay(chatham, '2026-04-05', {
          units_delta: -4,
          value_delta: -28,
          damaged_units: 4,
          damaged_value: 28,
        }),
      ].sort((a, b) => `${a.partner_id}${a.day}`.localeCompare(`${b.partner_id}${b.day}`)),
    );
    // And the stock totals: Σ on hand and value of the items (300 units, 250 + 1000 + 7 a unit).
    expect(await rollupViolations(dataSource)).toEqual([]);
    const totals = (await dataSource.query(
      `SELECT partner_id, units::int, value::int FROM inventory_stock_totals ORDER BY partner_id`,
    )) as Row[];
    expect(totals).toEqual(
      [
        { partner_id: berlin, units: 200, value: 100 * 250 + 100 * 1000 },
        { partner_id: chatham, units: 100, value: 700 },
      ].sort((a, b) => a.partner_id.localeCompare(b.partner_id)),
    );
  });

  it('sum and take the median of decision histograms whose subscripts are the days', async () => {
    const one = async (sql: string) =>
      (
        (await dataSource.query(`SELECT (${sql})::text AS value`)) as Array<{
          value: string | null;
        }>
      )[0]?.value;
    // Sums keep the days, fill the gaps with NULL, and grow either way.
    expect(await one(`histogram_add('[2:3]={1,1}', '[0:0]={4}')`)).toBe('[0:3]={4,NULL,1,1}');
    expect(await one(`histogram_add('[0:1]={1,2}', '[1:4]={3,NULL,NULL,5}')`)).toBe(
      '[0:4]={1,5,NULL,NULL,5}',
    );
    expect(await one(`histogram_add(NULL, '[5:5]={1}')`)).toBe('[5:5]={1}');
    expect(
      await one(
        `SELECT histogram_sum(h) FROM unnest(ARRAY['[1:1]={2}', '[3:3]={1}', '[1:2]={1,1}']::text[]) AS t,
           LATERAL (SELECT t::integer[] AS h) AS x`,
      ),
    ).toBe('{3,1,1}'); // subscripts from 1 are written without them
    // The median of 1,1,2,3 (days 1,1,2,3): the mean of 1 and 2; of 0,0,0,9: 0; of one decision: its days.
    expect(await one(`histogram_median('[1:3]={2,1,1}')`)).toBe('1.5000000000000000');
    expect(
      await one(`histogram_median('[0:9]={3,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,1}')`),
    ).toBe('0.00000000000000000000');
    expect(Number(await one(`histogram_median('[7:7]={1}')`))).toBe(7);
    expect(Number(await one(`histogram_median('[0:4]={1,NULL,1,NULL,1}')`))).toBe(2);
    expect(await one(`histogram_median('{}')`)).toBeNull();
    expect(await one(`histogram_median('[0:1]={NULL,NULL}')`)).toBeNull();
  });

  it('are built by the migration’s backfill exactly as the triggers built them', async () => {
    const built = await rollups(dataSource);
    expect(built.claimDailyStats.length).toBeGreaterThan(0);

    // Back to before the rollups (and every migration after them).
    const rollupsExist = async () =>
      ((await dataSource.query(`SELECT to_regclass('claim_daily_stats') AS t`)) as Row[])[0]?.t !==
      null;
    for (let undone = 0; undone < 30 && (await rollupsExist()); undone += 1) {
      await dataSource.undoLastMigration();
    }
    expect(await rollupsExist()).toBe(false);
    // Rows written while the rollups do not exist: only the backfill can count them.
    await dataSource.query(
      `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at)
       SELECT partner_id, id, 'loss', -1, '2026-03-29T12:00:00Z' FROM inventory_items
        WHERE partner_id = $1 AND sku = 'W-1'`,
      [berlin],
    );
    await dataSource.runMigrations();

    const backfilled = await rollups(dataSource);
    expect(await rollupViolations(dataSource)).toEqual([]);
    expect(backfilled.claimDailyStats).toEqual(built.claimDailyStats);
    expect(backfilled.claimDecisionHistograms).toEqual(built.claimDecisionHistograms);
    const day = (rows: Row[]) =>
      rows.find((row) => row.partner_id === berlin && row.day === '2026-03-29');
    expect(day(backfilled.inventoryDailyStats)).toEqual({
      ...day(built.inventoryDailyStats),
      units_delta: 6,
      value_delta: 750,
      lost_units: 3,
      lost_value: 750,
    });
  });
});
