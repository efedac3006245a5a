import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { startTestDatabase, type TestDatabase } from '#test/support/test-database.js';
import { ProblemException } from '../problem-details.js';
import {
  countTotal,
  keysetFetch,
  keysetFetchCounted,
  keysetPage,
  keysetRows,
} from './keyset-page.js';
import { ListCursorCodec } from './list-cursor.js';
import { defineList } from './list-definition.js';
import type { ListQuery } from './list-query.js';

@Entity('list_probe_item')
class ProbeItem {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('integer')
  rank!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}

const PROBE_LIST = defineList({
  id: 'probe-items',
  sortFields: { name: 'item.name', rank: 'item.rank', createdAt: 'item.created_at' },
  defaultSort: 'name',
  idColumn: 'item.id',
});

/** PROBE_LIST's twin: the same fields and values spelled otherwise (as a list avoiding an index would). */
const PROBE_TWIN = defineList({
  id: 'probe-items',
  sortFields: {
    name: "(item.name || '')",
    rank: '(item.rank + 0)',
    createdAt: "(item.created_at + interval '0 seconds')",
  },
  defaultSort: 'name',
  idColumn: 'item.id',
});

/** 53 items: ranks repeat (ties broken by id), created_at has microseconds a Date cannot hold. */
const ITEMS = Array.from({ length: 53 }, (_, index) => ({
  id: randomUUID(),
  name: `item ${String(index).padStart(2, '0')}`,
  rank: index % 7,
  micros: index * 1_000_003,
}));

const rankTwo = new Set<string>(ITEMS.filter((item) => item.rank === 2).map((item) => item.id));

let database: TestDatabase;
let dataSource: DataSource;
const codec = new ListCursorCodec(randomBytes(32));

beforeAll(async () => {
  database = await startTestDatabase();
  dataSource = new DataSource({
    type: 'postgres',
    url: database.url,
    entities: [ProbeItem],
    synchronize: true,
  });
  await dataSource.initialize();
  for (const item of ITEMS) {
    await dataSource.query(
      `INSERT INTO list_probe_item (id, name, rank, created_at)
       VALUES ($1, $2, $3, timestamptz '2026-01-01T00:00:00Z' + $4 * interval '1 microsecond')`,
      [item.id, item.name, item.rank, item.micros],
    );
  }
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.stop();
});

function items() {
  return dataSource.getRepository(ProbeItem).createQueryBuilder('item');
}

async function page(query: Partial<ListQuery>) {
  return keysetPage(items(), { list: PROBE_LIST, codec, query: { limit: 10, ...query } });
}

/** Walks the whole list forwards from the first page, then backwards from the last. */
async function walk(sort: string): Promise<{ forwards: string[]; backwards: string[] }> {
  const forwards: string[] = [];
  let current = await page({ sort });
  expect(current.prevCursor).toBeNull();
  forwards.push(...current.items.map((item) => item.id));
  let last = current;
  while (current.nextCursor !== null) {
    current = await page({ sort, cursor: current.nextCursor });
    expect(current.prevCursor).not.toBeNull();
    forwards.push(...current.items.map((item) => item.id));
    last = current;
  }
  const backwards: string[] = [...last.items.map((item) => item.id)];
  current = last;
  while (current.prevCursor !== null) {
    current = await page({ sort, cursor: current.prevCursor });
    expect(current.nextCursor).not.toBeNull();
    backwards.unshift(...current.items.map((item) => item.id));
  }
  return { forwards, backwards };
}

function expected(sort: string): string[] {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const key = (item: (typeof ITEMS)[number]): string | number =>
    field === 'name' ? item.name : field === 'rank' ? item.rank : item.micros;
  const ordered = [...ITEMS].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
    return byKey !== 0 ? byKey : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return (descending ? ordered.reverse() : ordered).map((item) => item.id);
}

describe('keysetPage', () => {
  it.each(['name', '-name', 'rank', '-rank', 'createdAt', '-createdAt'])(
    'walks every row once, in order, both ways (sort %s)',
    async (sort) => {
      const { forwards, backwards } = await walk(sort);
      expect(forwards).toEqual(expected(sort));
      expect(backwards).toEqual(expected(sort));
    },
  );

  it('answers limit items, the exact total, and no cursors around a single page', async () => {
    const first = await page({ limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ total: 53, totalExact: true, prevCursor: null });
    const all = await page({ limit: 100 });
    expect(all.items).toHaveLength(53);
    expect(all).toMatchObject({ nextCursor: null, prevCursor: null });
  });

  it('keeps the filters of the query builder, in the total too', async () => {
    const query = items().where('item.rank = :rank', { rank: 3 });
    const result = await keysetPage(query, {
      list: PROBE_LIST,
      codec,
      query: { limit: 5, sort: '-name' },
    });
    expect(result.total).toBe(ITEMS.filter((item) => item.rank === 3).length);
    expect(result.items.every((item) => item.rank === 3)).toBe(true);
  });

  it('refuses a cursor of another sort with 400 validation before querying', async () => {
    const first = await page({ sort: 'name' });
    await expect(page({ sort: 'rank', cursor: first.nextCursor ?? '' })).rejects.toBeInstanceOf(
      ProblemException,
    );
  });

  it('refuses a cursor bound to another partner (boundTo)', async () => {
    const options = { list: PROBE_LIST, codec, query: { limit: 5 } };
    const first = await keysetPage(items(), { ...options, boundTo: 'partner-a' });
    const cursor = first.nextCursor ?? '';
    await expect(
      keysetPage(items(), { ...options, boundTo: 'partner-a', query: { limit: 5, cursor } }),
    ).resolves.toMatchObject({ total: 53 });
    await expect(
      keysetPage(items(), { ...options, boundTo: 'partner-b', query: { limit: 5, cursor } }),
    ).rejects.toBeInstanceOf(ProblemException);
    await expect(
      keysetPage(items(), { ...options, query: { limit: 5, cursor } }),
    ).rejects.toBeInstanceOf(ProblemException);
  });

  it.each(['name', '-rank', 'createdAt'])(
    'yields every row in the list order, in batches (keysetRows, sort %s)',
    async (sort) => {
      const ids: string[] = [];
      for await (const item of keysetRows(items(), PROBE_LIST, sort, 7)) ids.push(item.id);
      expect(ids).toEqual(expected(sort));
    },
  );

  it.each(['name', '-rank', 'createdAt'])(
    'yields every row in the list order from raw rows, its statements built once (keysetRows with a read, sort %s)',
    async (sort) => {
      const ids: string[] = [];
      const read = (raw: Record<string, unknown>) => ({ id: String(raw.item_id) }) as ProbeItem;
      for await (const item of keysetRows(items(), PROBE_LIST, sort, 7, read)) ids.push(item.id);
      expect(ids).toEqual(expected(sort));
    },
  );

  it.each(['name', '-rank', '-createdAt'])(
    'pages the same through a fetch of its own (a twin list, sort %s)',
    async (sort) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      let fetches = 0;
      do {
        const result = await keysetPage(items(), {
          list: PROBE_LIST,
          codec,
          query: { limit: 9, sort, cursor },
          fetch: (request) => {
            fetches += 1;
            return keysetFetch(items(), PROBE_TWIN, request);
          },
        });
        ids.push(...result.items.map((item) => item.id));
        cursor = result.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(ids).toEqual(expected(sort));
      expect(fetches).toBe(6);
    },
  );

  it.each(['name', '-rank', '-createdAt'])(
    'pages the same both ways through a counted fetch, its total from the page (sort %s)',
    async (sort) => {
      const query = () => items().where('item.rank <> :rank', { rank: 2 });
      const ids: string[] = [];
      let cursor: string | undefined;
      let counted = 0;
      const pageOf = (at: string | undefined) =>
        keysetPage(query(), {
          list: PROBE_LIST,
          codec,
          query: { limit: 9, sort, cursor: at },
          total: { estimateAbove: 0 },
          fetch: (request) => keysetFetchCounted(query(), PROBE_TWIN, request),
        });
      let result;
      do {
        result = await pageOf(cursor);
        expect(result).toMatchObject({ total: 45, totalExact: true });
        counted += 1;
        ids.push(...result.items.map((item) => item.id));
        cursor = result.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(ids).toEqual(expected(sort).filter((id) => !rankTwo.has(id)));
      const back = [...result.items.map((item) => item.id)];
      cursor = result.prevCursor ?? undefined;
      while (cursor !== undefined) {
        result = await pageOf(cursor);
        back.unshift(...result.items.map((item) => item.id));
        cursor = result.prevCursor ?? undefined;
      }
      expect(back).toEqual(ids);
      expect(counted).toBe(5);
    },
  );

  it('takes the total of a first page that holds every row from the page itself', async () => {
    const query = items().where('item.rank = :rank', { rank: 2 });
    const result = await keysetPage(query, {
      list: PROBE_LIST,
      codec,
      query: { limit: 25 },
      total: { estimateAbove: 0 },
    });
    expect(result).toMatchObject({ total: 8, totalExact: true, nextCursor: null });
  });

  it('spends no statement on the total of a first page that holds every row', async () => {
    let asked = 0;
    const result = await keysetPage(items().where('item.rank = :rank', { rank: 3 }), {
      list: PROBE_LIST,
      codec,
      query: { limit: 25 },
      total: {
        exactly: () => {
          asked += 1;
          return Promise.resolve(999);
        },
        otherwise: 'exact',
      },
    });
    expect(result).toMatchObject({ total: 8, totalExact: true });
    expect(asked).toBe(0);
    // A first page with more after it asks.
    await keysetPage(items(), {
      list: PROBE_LIST,
      codec,
      query: { limit: 5 },
      total: {
        exactly: () => {
          asked += 1;
          return Promise.resolve(53);
        },
        otherwise: 'exact',
      },
    });
    expect(asked).toBe(1);
  });

  it('takes an exact total from its own source, and falls back when it has none', async () => {
    const options = { list: PROBE_LIST, codec, query: { limit: 5 } };
    const counted = await keysetPage(items(), {
      ...options,
      total: { exactly: () => Promise.resolve(1234), otherwise: 'exact' },
    });
    expect(counted).toMatchObject({ total: 1234, totalExact: true });
    const fallback = await keysetPage(items(), {
      ...options,
      total: { exactly: () => Promise.resolve(undefined), otherwise: 'exact' },
    });
    expect(fallback).toMatchObject({ total: 53, totalExact: true });
  });

  it('pages without a query when the list fetches and totals itself, and says so when it cannot', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const result = await keysetPage(undefined, {
        list: PROBE_LIST,
        codec,
        query: { limit: 20, cursor },
        total: { exactly: () => Promise.resolve(53), otherwise: 'exact' },
        fetch: (request) => keysetFetch(items(), PROBE_LIST, request),
      });
      expect(result).toMatchObject({ total: 53, totalExact: true });
      ids.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(ids).toEqual(expected('name'));
    await expect(
      keysetPage(undefined, { list: PROBE_LIST, codec, query: { limit: 5 } }),
    ).rejects.toThrow('no query to fetch');
    await expect(
      keysetPage(undefined, {
        list: PROBE_LIST,
        codec,
        query: { limit: 5 },
        fetch: (request) => keysetFetch(items(), PROBE_LIST, request),
      }),
    ).rejects.toThrow('no query to count');
  });

  it('estimates the total when counting would cost more than maxCountCost', async () => {
    await dataSource.query('ANALYZE list_probe_item');
    expect(await countTotal(items(), { estimateAbove: 1_000, maxCountCost: 0.001 })).toEqual({
      total: expect.any(Number),
      totalExact: false,
    });
    expect(await countTotal(items(), { estimateAbove: 1_000, maxCountCost: 1e9 })).toEqual({
      total: 53,
      totalExact: true,
    });
  });

  it('estimates the total above the threshold and counts exactly below it', async () => {
    await dataSource.query('ANALYZE list_probe_item');
    expect(await countTotal(items(), { estimateAbove: 1_000 })).toEqual({
      total: 53,
      totalExact: true,
    });
    const estimated = await countTotal(items(), { estimateAbove: 10 });
    expect(estimated.totalExact).toBe(false);
    expect(estimated.total).toBeGreaterThan(10);
  });
});
