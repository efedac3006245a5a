import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import {
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type ClaimStatus,
  type ClaimType,
} from '../src/claims/claim-lifecycle.js';
import { ClaimsRepository, FEW_MATCHES } from '../src/claims/claims.repository.js';
import type { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf, createPartner, insertItems, listPage } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * The claims list against a plain SQL reference (like the inventory list's): random searches (by
 * number and by item), filters (status, type, filing days, item), sorts and page sizes over generated
 * claims of two partners; every page walked forwards and back, compared with the reference in order:
 * none missing, none repeated, none of the other partner; the CSV gives the same rows; an exact total
 * is the reference's count. `PROPERTY_RUNS` sets the runs, `PROPERTY_SEED` replays one.
 */
const ON_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
const RUNS = Number(process.env.PROPERTY_RUNS ?? (ON_POSTGRES ? '60' : '25'));
const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));

const SORTS = ['createdAt', 'number', 'incidentDate', 'amountClaimed', 'updatedAt'] as const;
const REFERENCE_ORDER: Record<(typeof SORTS)[number], string> = {
  createdAt: 'c.created_at',
  number: 'c.number',
  incidentDate: 'c.incident_date',
  amountClaimed: 'c.amount_claimed',
  updatedAt: 'c.updated_at',
};
/** The partner's time zone: filing days are Berlin's, so a claim at 23:30 UTC is the next day's. */
const TIME_ZONE = 'Europe/Berlin';
/** Filing times that straddle Berlin's midnights, and repeat (ties broken by id). */
const STAMPS = [
  '2026-03-01T22:59:59.999999Z',
  '2026-03-01T23:00:00Z',
  '2026-03-02T10:00:00Z',
  '2026-03-02T10:00:00Z',
  '2026-06-30T21:59:59Z',
  '2026-06-30T22:00:00Z',
  '2026-07-15T12:00:00Z',
];
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-06-30', '2026-07-01', '2026-07-15'];
const WORDS = ['Tent', 'tent stove', 'Lamp 50%', 'a_b', 'Café', 'Rope'];
const SEARCHES = [
  'tent',
  'TENT',
  'ent',
  'stove',
  '50%',
  '_',
  'a_b',
  'café',
  'CLM-000007',
  'clm-12',
  '000003',
  '5',
  '12',
  'SKU-',
  'nothing',
  '  rope  ',
];

interface ListQuery {
  q?: string;
  status?: ClaimStatus;
  type?: ClaimType;
  from?: string;
  to?: string;
  item?: number;
  sort: string;
  limit: number;
  /** How many matches a narrowed list reads through their indexes (small: both ways run). */
  few: number;
}

const sometimes = <T>(values: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: values });

const listQuery: fc.Arbitrary<ListQuery> = fc.record({
  q: sometimes(fc.constantFrom(...SEARCHES)),
  status: sometimes(fc.constantFrom(...CLAIM_STATUSES)),
  type: sometimes(fc.constantFrom(...CLAIM_TYPES)),
  from: sometimes(fc.constantFrom(...DAYS)),
  to: sometimes(fc.constantFrom(...DAYS)),
  item: sometimes(fc.integer({ min: 0, max: 5 })),
  sort: fc.constantFrom(...SORTS.flatMap((sort) => [sort, `-${sort}`])),
  limit: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 13, max: 100 }) },
  ),
  few: fc.constantFrom(0, 2, 10, 4_000),
});

interface ClaimPage {
  items: Array<{ id: string; number: string }>;
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

describe('the claims list against a reference query (property-based)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let partner: Partner;
  let other: Partner;
  let token: string;
  let repository: ClaimsRepository;
  const itemIds: string[] = [];
  const otherIds = new Set<string>();

  /** `count` claims of the partner, numbered 1..count, from the seed: one multi-row INSERT. */
  async function insertClaims(
    partnerId: string,
    items: ReadonlyArray<{ id: string; unitValue: number }>,
    count: number,
    seed: number,
  ): Promise<string[]> {
    const claim = fc.record({
      type: fc.constantFrom(...CLAIM_TYPES),
      status: fc.constantFrom(...CLAIM_STATUSES),
      item: fc.integer({ min: 0, max: items.length - 1 }),
      noItem: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 5 }),
      unitValue: fc.constantFrom(0, 1, 250, 999),
      created: fc.constantFrom(...STAMPS),
      updated: fc.constantFrom(...STAMPS),
      incident: fc.constantFrom(...DAYS),
    });
    const claims = fc.sample(claim, { numRuns: count, seed });
    const values: string[] = [];
    const parameters: unknown[] = [partnerId];
    claims.forEach((generated, index) => {
      const withoutItem = generated.type === 'other' && generated.noItem;
      const item = withoutItem ? undefined : items[generated.item];
      const unitValue = item?.unitValue ?? generated.unitValue;
      const row = [
        index + 1,
        generated.type,
        generated.status,
        item?.id ?? null,
        generated.quantity,
        unitValue,
        generated.quantity * unitValue,
        generated.incident,
        generated.created,
        generated.updated,
      ];
      const placeholders = row.map((value) => {
        parameters.push(value);
        return `$${parameters.length}`;
      });
      values.push(
        `($1, ${placeholders[0]}::int, ${placeholders[1]}, ${placeholders[2]}, ${placeholders[3]}::uuid, ${placeholders[4]}::int, ${placeholders[5]}::int, ${placeholders[6]}::bigint, 'EUR', ${placeholders[7]}::date, 'A generated claim.', ${placeholders[8]}::timestamptz, ${placeholders[9]}::timestamptz)`,
      );
    });
    const rows = (await dataSource.query(
      `INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value, amount_claimed,
         currency, incident_date, description, created_at, updated_at)
       VALUES ${values.join(', ')} RETURNING id`,
      parameters,
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    repository = api.app.get(ClaimsRepository);
    partner = await createPartner(dataSource, 'claimprop');
    other = await createPartner(dataSource, 'claimprop-other');
    for (const created of [partner, other]) {
      await dataSource.query(`UPDATE partners SET time_zone = $2 WHERE id = $1`, [
        created.id,
        TIME_ZONE,
      ]);
    }
    const email = `claim-lister.${randomUUID()}@example.com`;
    await createUser(dataSource, email, 'unused', [
      { slug: partner.slug, role: 'viewer' },
      { slug: other.slug, role: 'viewer' },
    ]);
    token = await bearerOf(api, email);
    const seeds = WORDS.map((word, index) => ({
      sku: `SKU-${index}`,
      name: word,
      barcode: index % 2 === 0 ? `0000${index}12` : null,
      unitValue: [250, 999, 1, 12_345, 7, 100][index] ?? 1,
    }));
    const items = await insertItems(dataSource, partner.id, seeds);
    itemIds.push(...items.map((item) => item.id));
    await insertClaims(partner.id, items, 160, SEED);
    // The other partner: the same words and numbers, so that any leak would match the filters.
    const otherItems = await insertItems(dataSource, other.id, seeds);
    for (const id of await insertClaims(other.id, otherItems, 60, SEED + 7)) otherIds.add(id);
    await dataSource.query('ANALYZE claims');
  });

  afterAll(async () => {
    if (repository !== undefined) repository.fewMatches = FEW_MATCHES;
    await api?.close();
    await database?.stop();
  });

  function search(query: ListQuery): URLSearchParams {
    const params = new URLSearchParams({ sort: query.sort, limit: String(query.limit) });
    for (const key of ['q', 'status', 'type', 'from', 'to'] as const) {
      const value = query[key];
      if (value !== undefined) params.set(key, value);
    }
    if (query.item !== undefined) params.set('itemId', itemIds[query.item] ?? '');
    return params;
  }

  async function page(query: ListQuery, cursor?: string): Promise<ClaimPage> {
    const params = search(query);
    if (cursor !== undefined) params.set('cursor', cursor);
    return listPage<ClaimPage>(api, partner.slug, 'claims', params, token);
  }

  /** The plain SQL answer, written independently (strpos on lower(), days by AT TIME ZONE). */
  async function reference(query: ListQuery): Promise<string[]> {
    const conditions = ['c.partner_id = $1'];
    const parameters: unknown[] = [partner.id];
    const add = (value: unknown) => {
      parameters.push(value);
      return `$${parameters.length}`;
    };
    const q = query.q?.trim();
    if (q !== undefined && q !== '') {
      const itemText =
        () => `EXISTS (SELECT 1 FROM inventory_items i WHERE i.partner_id = c.partner_id AND i.id = c.item_id
        AND strpos(lower((i.sku || ' ' || i.name || ' ' || coalesce(i.barcode, '')) COLLATE "default"), lower(${add(q)})) > 0)`;
      const number = /^(clm-?)?(\d+)$/i.exec(q);
      if (number?.[1] !== undefined) conditions.push(`c.number = ${add(Number(number[2]))}`);
      else if (number !== null) {
        conditions.push(`(c.number = ${add(Number(number[2]))} OR ${itemText()})`);
      } else conditions.push(itemText());
    }
    if (query.status !== undefined) conditions.push(`c.status = ${add(query.status)}`);
    if (query.type !== undefined) conditions.push(`c.type = ${add(query.type)}`);
    if (query.item !== undefined) conditions.push(`c.item_id = ${add(itemIds[query.item])}`);
    const day = () => `(c.created_at AT TIME ZONE ${add(TIME_ZONE)})::date`;
    if (query.from !== undefined) conditions.push(`${day()} >= ${add(query.from)}::date`);
    if (query.to !== undefined) conditions.push(`${day()} <= ${add(query.to)}::date`);
    const descending = query.sort.startsWith('-');
    const field = (descending ? query.sort.slice(1) : query.sort) as (typeof SORTS)[number];
    const direction = descending ? 'DESC' : 'ASC';
    const rows = (await dataSource.query(
      `SELECT c.id FROM claims c WHERE ${conditions.join(' AND ')}
        ORDER BY ${REFERENCE_ORDER[field]} ${direction}, c.id ${direction}`,
      parameters,
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  async function numbersOf(ids: string[]): Promise<string[]> {
    const rows = (await dataSource.query(
      `SELECT id, number FROM claims WHERE partner_id = $1 AND id = ANY($2::uuid[])`,
      [partner.id, ids],
    )) as Array<{ id: string; number: number }>;
    const numbers = new Map(rows.map((row) => [row.id, row.number]));
    return ids.map((id) => `CLM-${String(numbers.get(id) ?? 0).padStart(6, '0')}`);
  }

  async function exported(query: ListQuery): Promise<string[]> {
    const params = search(query);
    params.delete('limit');
    const response = await api.request({
      url: `/api/partners/${partner.slug}/claims.csv?${params.toString()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`CSV → ${response.statusCode}`);
    return response.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.slice(0, line.indexOf(',')));
  }

  it('returns exactly the reference rows, in its order, across all pages, both ways', async () => {
    const coverage = { pages: 0, rows: 0, empty: 0 };
    await fc.assert(
      fc.asyncProperty(listQuery, async (query) => {
        repository.fewMatches = query.few;
        const expected = await reference(query);
        const first = await page(query);
        const forwards = first.items.map((claim) => claim.id);
        let current = first;
        let pages = 1;
        while (current.nextCursor !== null) {
          current = await page(query, current.nextCursor);
          forwards.push(...current.items.map((claim) => claim.id));
          pages += 1;
          if (pages > 500) throw new Error('the walk does not end');
        }
        const backwards = current.items.map((claim) => claim.id);
        while (current.prevCursor !== null) {
          current = await page(query, current.prevCursor);
          backwards.unshift(...current.items.map((claim) => claim.id));
          pages += 1;
          if (pages > 1_000) throw new Error('the walk back does not end');
        }
        expect(forwards).toEqual(expected);
        expect(backwards).toEqual(expected);
        expect(forwards.some((id) => otherIds.has(id))).toBe(false);
        if (first.totalExact) expect(first.total).toBe(expected.length);
        expect(await exported(query)).toEqual(await numbersOf(expected));
        coverage.pages += pages;
        coverage.rows += expected.length;
        if (expected.length === 0) coverage.empty += 1;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.info(`claims list property (PROPERTY_SEED=${SEED}): ${JSON.stringify(coverage)}`);
    expect(coverage.pages).toBeGreaterThan(RUNS * 2);
    expect(coverage.empty).toBeLessThan(RUNS / 2);
  }, 240_000);

  it('answers exact totals from claim_counts for status and type alone, at any size', async () => {
    for (const [status, type] of [
      [undefined, undefined],
      ['draft', undefined],
      [undefined, 'other'],
      ['paid', 'lost'],
    ] as const) {
      const query: ListQuery = { status, type, sort: '-createdAt', limit: 1, few: FEW_MATCHES };
      const first = await page(query);
      expect(first).toMatchObject({ totalExact: true, total: (await reference(query)).length });
    }
  });
});
