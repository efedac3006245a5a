import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { startTestDatabase, type TestDatabase } from '#test/support/test-database.js';
import { countTotal, keysetFetch, keysetPage } from './keyset-page.js';
import { ListCursorCodec } from './list-cursor.js';
import { defineList, resolveSort } from './list-definition.js';
import type { ListQuery } from './list-query.js';
import {
  DeclaredListQuery,
  fromClause,
  isoTimestamp,
  type ListCondition,
  type ListFrom,
} from './list-statement.js';
import { fields, read as readValue } from '#src/database/table.js';

@Entity('list_statement_probe')
class StatementProbe {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  owner!: string;

  @Column('integer')
  rank!: number;
}

const PROBE_LIST = defineList({
  id: 'statement-probes',
  sortFields: { rank: 'p.rank' },
  defaultSort: 'rank',
  idColumn: 'p.id',
});

/** 30 probes of owner a (ranks 0..29), 20 of owner b (ranks 100..119). */
const PROBES = [
  ...Array.from({ length: 30 }, (_, rank) => ({ id: randomUUID(), owner: 'a', rank })),
  ...Array.from({ length: 20 }, (_, index) => ({
    id: randomUUID(),
    owner: 'b',
    rank: 100 + index,
  })),
];

let database: TestDatabase;
let dataSource: DataSource;
const codec = new ListCursorCodec(randomBytes(32));
let basesBuilt = 0;

beforeAll(async () => {
  database = await startTestDatabase();
  dataSource = new DataSource({
    type: 'postgres',
    url: database.url,
    entities: [StatementProbe],
    synchronize: true,
  });
  await dataSource.initialize();
  for (const probe of PROBES) {
    await dataSource.query(
      'INSERT INTO list_statement_probe (id, owner, rank) VALUES ($1, $2, $3)',
      [probe.id, probe.owner, probe.rank],
    );
  }
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.stop();
});

/** The probes' columns under the names `read` takes. */
const PROBE_COLUMNS = fields({
  p_id: ['p.id', readValue.text],
  p_owner: ['p.owner', readValue.text],
  p_rank: ['p.rank', readValue.integer],
});

/**
 * The probes' list. Its `dataSource` counts the query builders made: one per statement compiled
 * (a shape's SQL is built once from its declared tables).
 */
function declared(owner: string, extra: ListCondition[] = []) {
  const counting = Object.create(dataSource, {
    createQueryBuilder: {
      value: (...args: Parameters<DataSource['createQueryBuilder']>) => {
        basesBuilt += 1;
        return dataSource.createQueryBuilder(...args);
      },
    },
  }) as DataSource;
  return new DeclaredListQuery({
    statement: 'statement-probes',
    dataSource: counting,
    select: PROBE_COLUMNS,
    from: { table: 'list_statement_probe', alias: 'p' },
    conditions: [{ sql: 'p.owner = :owner', parameters: { owner } }, ...extra],
  });
}

const read = (raw: Record<string, unknown>) => ({
  id: String(raw.p_id),
  owner: String(raw.p_owner),
  rank: Number(raw.p_rank),
});

function page(owner: string, query: Partial<ListQuery>, extra: ListCondition[] = []) {
  return keysetPage(declared(owner, extra), {
    list: PROBE_LIST,
    codec,
    query: { limit: 10, ...query },
    read,
  });
}

describe('DeclaredListQuery', () => {
  it('walks a list page by page, each request bound to its own values', async () => {
    const seen: number[] = [];
    let current = await page('a', {});
    seen.push(...current.items.map((item) => item.rank));
    while (current.nextCursor !== null) {
      current = await page('a', { cursor: current.nextCursor });
      seen.push(...current.items.map((item) => item.rank));
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, rank) => rank));
    // The same shapes with another owner's value: owner b's rows only, never a's.
    const other = await page('b', { sort: '-rank', limit: 5 });
    expect(other.items.map((item) => item.rank)).toEqual([119, 118, 117, 116, 115]);
    expect(other.total).toBe(20);
    expect(other.totalExact).toBe(true);
  });

  it('builds a shape’s SQL once: the same page again builds no query', async () => {
    await page('a', { limit: 7 });
    const before = basesBuilt;
    const again = await page('b', { limit: 7 });
    expect(basesBuilt).toBe(before);
    expect(again.items.every((item) => item.owner === 'b')).toBe(true);
    // Another condition is another shape: built once more.
    const filtered = await page('a', { limit: 7 }, [
      { sql: 'p.rank >= :minimum', parameters: { minimum: 25 } },
    ]);
    expect(basesBuilt).toBe(before + 1);
    expect(filtered.items.map((item) => item.rank)).toEqual([25, 26, 27, 28, 29]);
    expect(filtered.total).toBe(5);
  });

  it('skips rows with one statement whatever it skips: the offset a parameter', async () => {
    const sort = resolveSort(PROBE_LIST, undefined);
    const skip = (offset: number) =>
      keysetFetch(
        declared('a'),
        PROBE_LIST,
        { sort, boundary: undefined, backwards: false, count: 1, offset },
        read,
      );
    const before = basesBuilt;
    expect((await skip(3))[0]?.entity.rank).toBe(3);
    expect(basesBuilt).toBe(before + 1);
    expect((await skip(17))[0]?.entity.rank).toBe(17);
    expect(await skip(30)).toEqual([]);
    // The other offsets bound the same statement: built once.
    expect(basesBuilt).toBe(before + 1);
  });

  it('counts and estimates through the same declared statement', async () => {
    expect(await countTotal(declared('a'), 'exact')).toEqual({ total: 30, totalExact: true });
    const estimate = await countTotal(declared('b'), { estimateAbove: 0 });
    expect(estimate.totalExact).toBe(false);
    expect(estimate.total).toBeGreaterThan(0);
  });

  it('takes its tables declared as data (from), joins included', async () => {
    const tables: ListFrom = {
      table: 'list_statement_probe',
      alias: 'p',
      joins: [
        {
          join: 'left',
          table: 'list_statement_probe',
          alias: 'q',
          on: 'q.owner = p.owner AND q.rank = p.rank + 1',
        },
      ],
    };
    expect(fromClause(tables)).toBe(
      'list_statement_probe p\n  LEFT JOIN list_statement_probe q ON q.owner = p.owner AND q.rank = p.rank + 1',
    );
    const selected = fields({
      rank: ['p.rank', readValue.integer],
      nextRank: ['q.rank', readValue.nullable(readValue.integer)],
    });
    const fromPage = await keysetPage(
      new DeclaredListQuery({
        statement: 'statement-probes-from',
        dataSource,
        select: selected,
        from: tables,
        conditions: [{ sql: 'p.owner = :owner', parameters: { owner: 'a' } }],
      }),
      { list: PROBE_LIST, codec, query: { limit: 3, sort: '-rank' }, read: selected.read },
    );
    expect(fromPage.items).toEqual([
      { rank: 29, nextRank: null },
      { rank: 28, nextRank: 29 },
      { rank: 27, nextRank: 28 },
    ]);
    expect(fromPage.total).toBe(30);
  });

  it('keeps a value that looks like SQL a value', async () => {
    const none = await page("a' OR 'x' = 'x", {});
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('writes a time as Date.toISOString does (UTC, milliseconds truncated), whatever the session time zone', async () => {
    const times = [
      '2026-11-25 11:34:29.123456+00',
      '2026-01-01 00:00:00.9996+00',
      '2026-03-29 01:30:00.0005+02',
      '1999-12-31 23:59:59+00',
    ];
    const runner = dataSource.createQueryRunner();
    try {
      await runner.query("SET TIME ZONE 'America/St_Johns'");
      for (const time of times) {
        const [row] = (await runner.query(
          `SELECT ${isoTimestamp('CAST($1 AS timestamptz)')} AS iso, CAST($1 AS timestamptz) AS at`,
          [time],
        )) as Array<{ iso: string; at: Date }>;
        expect(row?.iso).toBe(row?.at.toISOString());
      }
      const [empty] = (await runner.query(
        `SELECT ${isoTimestamp('CAST(NULL AS timestamptz)')} AS iso`,
      )) as Array<{ iso: string | null }>;
      expect(empty?.iso).toBeNull();
    } finally {
      await runner.release();
    }
  });
});
