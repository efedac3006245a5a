import pg from 'pg';
import { BenchApi } from '../harness/api.js';
import type { BenchContext, Report } from '../harness/context.js';
import { itemDetailPaths } from '../harness/item-paths.js';
import { always, inTurn, type LoadCase } from '../harness/load.js';
import { measureCases } from '../harness/measure.js';
import { casesOn, openSession } from '../harness/session.js';

/** Claim ids the claim detail case goes round, and claim numbers the search case looks up. */
const SAMPLED = 1000;
/** The filtered case: a status tab with a date range of about a quarter, some months back. */
const FILTER_STATUS = 'paid';
const FILTER_DAYS = { from: 200, to: 110 };

interface ClaimPage {
  items: Array<{ id: string; number: string }>;
  nextCursor: string | null;
  total: number;
  totalExact: boolean;
}

/**
 * bench:claims (docs/performance.md, "Claims at a million"): the claims list of the big partner at a
 * million claims, through the list machinery of bench:inventory (measure.ts): item detail (the
 * targets' reference, as for inventory), claim detail, the first page, a page `deepRows` deep (its
 * cursor found by walking the list), a status tab with a date range, a search by claim number (and,
 * besides the targets, by an item's SKU), and the bare handler replaying the first page's SQL,
 * measured interleaved on one BFF.
 */
export async function benchClaimLists(context: BenchContext): Promise<Report> {
  const { profile, dataset } = context;
  const lines: string[] = ['## claims', ''];
  const failures: string[] = [];
  const session = await openSession(context);
  const { bff, api, db } = session;
  try {
    const base = `/api/partners/${dataset.slug}/claims`;
    const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      db.query<T>(text, values).then((result) => result.rows);

    const claimIds = await sql<{ id: string }>(
      `SELECT id FROM claims TABLESAMPLE SYSTEM (1) REPEATABLE (8) WHERE partner_id = $1 LIMIT ${SAMPLED}`,
      [dataset.partnerId],
    );
    const numbers = Array.from({ length: SAMPLED }, (_, i) =>
      // Spread over the whole range, the same every run.
      Math.max(1, Math.round(((i * 7919) % SAMPLED) * (dataset.claims / SAMPLED) + 1)),
    );
    const searches = numbers.map((n) => `${base}?q=CLM-${String(n).padStart(6, '0')}`);
    const found = await api.get<ClaimPage>(searches[0] as string);
    lines.push(
      `search by number: ${searches[0]} answers ${found.items.length} claim(s): ${found.items.map((item) => item.number).join(', ')}`,
    );

    // What a person types to find an item's claims: its SKU (the item search of the inventory).
    const skus = await sql<{ sku: string }>(
      `SELECT i.sku FROM claims c TABLESAMPLE SYSTEM (1) REPEATABLE (5)
         JOIN inventory_items i ON i.partner_id = c.partner_id AND i.id = c.item_id
        WHERE c.partner_id = $1 LIMIT ${SAMPLED / 10}`,
      [dataset.partnerId],
    );
    const skuSearches = skus.map((row) => `${base}?q=${encodeURIComponent(row.sku)}`);
    const bySku = await api.get<ClaimPage>(skuSearches[0] ?? base);
    lines.push(
      `search by item SKU: ${skuSearches[0]} answers ${bySku.items.length} claim(s) (total ${bySku.total}${bySku.totalExact ? '' : ', estimate'})`,
    );

    const deep = await walk(api, base, profile.deepRows, lines);
    await checkDeepPage(context, db, api, base, deep, lines);

    const [range] = await sql<{ from: string; to: string }>(
      `SELECT ((now() AT TIME ZONE time_zone)::date - ${FILTER_DAYS.from})::text AS from,
              ((now() AT TIME ZONE time_zone)::date - ${FILTER_DAYS.to})::text AS to
         FROM partners WHERE id = $1`,
      [dataset.partnerId],
    );
    const filtered = `${base}?status=${FILTER_STATUS}&from=${range?.from}&to=${range?.to}`;
    const filteredPage = await api.get<ClaimPage>(filtered);
    lines.push(
      `filtered: ${FILTER_STATUS} filed ${range?.from}..${range?.to}: total ${filteredPage.total}${filteredPage.totalExact ? '' : ' (estimate)'}`,
    );

    const bffCase = casesOn(bff, api);
    const cases: LoadCase[] = [
      bffCase('detail', 'item detail', inTurn(await itemDetailPaths(db, context))),
      bffCase('claim', 'claim detail', inTurn(claimIds.map((row) => `${base}/${row.id}`))),
      bffCase('first', 'claims: first page', always(base)),
      bffCase(
        'deep',
        `claims: page ${profile.deepRows.toLocaleString('en')} rows deep`,
        always(deep),
      ),
      bffCase(
        'filtered',
        `claims: status ${FILTER_STATUS}, filed in ${FILTER_DAYS.from - FILTER_DAYS.to} days`,
        always(filtered),
      ),
      bffCase('search', 'claims: search by number (CLM-000123)', inTurn(searches)),
      // Not a target: how the other search the list offers behaves at this size.
      bffCase('sku', 'claims: search by item SKU', inTurn(skuSearches)),
    ];
    await measureCases(context, { bff, api, db }, cases, base, 'search by number', {
      lines,
      failures,
    });
    return { lines, failures };
  } finally {
    await session.close();
  }
}

/** A cursor `rows` deep, obtained the way a client gets one: by walking the list. */
async function walk(api: BenchApi, base: string, rows: number, lines: string[]): Promise<string> {
  const limit = 100;
  let cursor: string | null = null;
  let first: ClaimPage | undefined;
  for (let walked = 0; walked < rows; walked += limit) {
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: ClaimPage = await api.get<ClaimPage>(`${base}?limit=${limit}${suffix}`);
    first ??= page;
    cursor = page.nextCursor;
    if (cursor === null) throw new Error(`the claims list ended before ${rows} rows`);
  }
  lines.push(`first page total ${first?.total}${first?.totalExact === true ? '' : ' (estimate)'}`);
  return `${base}?cursor=${encodeURIComponent(cursor ?? '')}`;
}

/** The deep page must start at row `deepRows` + 1 of the default order, newest filed first. */
async function checkDeepPage(
  context: BenchContext,
  db: pg.Client,
  api: BenchApi,
  base: string,
  deep: string,
  lines: string[],
): Promise<void> {
  const newest = (offset: number) =>
    db
      .query<{ id: string }>(
        `SELECT id FROM claims WHERE partner_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
        [context.dataset.partnerId, offset],
      )
      .then((result) => result.rows[0]?.id);
  const [firstPage, deepPage] = await Promise.all([
    api.get<ClaimPage>(base),
    api.get<ClaimPage>(deep),
  ]);
  if (firstPage.items[0]?.id !== (await newest(0))) {
    lines.push('deep page: the default order is not newest filed first, its depth is not checked');
    return;
  }
  if (deepPage.items[0]?.id !== (await newest(context.profile.deepRows))) {
    throw new Error(`the deep page does not start at row ${context.profile.deepRows + 1}`);
  }
  lines.push(
    `deep page starts at row ${(context.profile.deepRows + 1).toLocaleString('en')} newest first (checked against SQL)`,
  );
}
