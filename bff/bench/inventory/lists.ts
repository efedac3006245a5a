import pg from 'pg';
import { BenchApi } from '../harness/api.js';
import type { BenchContext, Report } from '../harness/context.js';
import { itemDetailPaths } from '../harness/item-paths.js';
import { always, inTurn, type LoadCase } from '../harness/load.js';
import { measureCases } from '../harness/measure.js';
import { casesOn, openSession } from '../harness/session.js';
/** Matches a "realistic selective" search term should have. */
const SEARCH_MATCHES = { min: 100, max: 3000, ideal: 1000 };

interface ListPage {
  items: Array<{ id: string; sku: string }>;
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

/**
 * The list cases of bench:inventory: item detail, first page, a page `deepRows` deep (its cursor found
 * by walking the list), a filtered page, a substring search, and the bare handler replaying the first
 * page's SQL, measured interleaved on one BFF.
 */
export async function benchLists(context: BenchContext): Promise<Report> {
  const { profile, dataset } = context;
  const lines: string[] = [];
  const failures: string[] = [];
  const session = await openSession(context);
  const { bff, api, db } = session;
  try {
    const base = `/api/partners/${dataset.slug}/inventory`;
    const workload = await findWorkload(context, db, api, base, lines);

    const bffCase = casesOn(bff, api);
    const cases: LoadCase[] = [
      bffCase('detail', 'item detail', inTurn(workload.detail)),
      bffCase('first', 'list: first page', always(workload.first)),
      bffCase(
        'deep',
        `list: page ${profile.deepRows.toLocaleString('en')} rows deep`,
        always(workload.deep),
      ),
      bffCase('filtered', `list: ${workload.filterLabel}`, always(workload.filtered)),
      bffCase('search', `list: search "${workload.term}"`, always(workload.search)),
    ];

    await measureCases(context, { bff, api, db }, cases, workload.first, 'substring search', {
      lines,
      failures,
    });
    return { lines, failures };
  } finally {
    await session.close();
  }
}

interface Workload {
  detail: string[];
  first: string;
  deep: string;
  filtered: string;
  filterLabel: string;
  search: string;
  term: string;
}

/** The requests of each case, from the data set itself and from walking the list. */
async function findWorkload(
  context: BenchContext,
  db: pg.Client,
  api: BenchApi,
  base: string,
  lines: string[],
): Promise<Workload> {
  const { dataset, profile } = context;
  const sql = (text: string, values: unknown[] = []) => db.query(text, values);

  const detail = await itemDetailPaths(db, context);

  // A cursor `deepRows` rows deep, obtained the way a client gets one: by walking the list.
  const first = base;
  const walkLimit = 100;
  let cursor: string | null = null;
  for (let walked = 0; walked < profile.deepRows; walked += walkLimit) {
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: ListPage = await api.get<ListPage>(`${base}?limit=${walkLimit}${suffix}`);
    cursor = page.nextCursor;
    if (cursor === null) throw new Error(`the list ended before ${profile.deepRows} rows`);
  }
  const deep = `${base}?cursor=${encodeURIComponent(cursor ?? '')}`;
  await checkDeepPage(context, db, api, first, deep, lines);

  const category = await sql(
    `SELECT value FROM inventory_facet_counts
      WHERE partner_id = $1 AND facet = 'category' AND item_count > 0
      ORDER BY item_count DESC, value LIMIT 1`,
    [dataset.partnerId],
  );
  const categoryName = (category.rows[0] as { value: string } | undefined)?.value;
  if (categoryName === undefined) throw new Error('the big partner has no category');
  const filtered = `${base}?category=${encodeURIComponent(categoryName)}&stock=low`;

  const term =
    profile.searchTerm === undefined
      ? await pickSearchTerm(context, db)
      : { text: profile.searchTerm, matches: undefined };
  const search = `${base}?q=${encodeURIComponent(term.text)}`;
  const page = await api.get<ListPage>(search);
  lines.push(
    `search term "${term.text}": ${term.matches ?? '?'} matching items (total answered: ${page.total}${page.totalExact ? '' : ', estimate'})`,
  );
  return {
    detail,
    first,
    deep,
    filtered,
    filterLabel: `category "${categoryName}" + stock low`,
    search,
    term: term.text,
  };
}

/** The deep page must start at row `deepRows` + 1 of the default order (checked when that is by SKU). */
async function checkDeepPage(
  context: BenchContext,
  db: pg.Client,
  api: BenchApi,
  first: string,
  deep: string,
  lines: string[],
): Promise<void> {
  const bySku = (offset: number) =>
    db
      .query(
        `SELECT id FROM inventory_items WHERE partner_id = $1 ORDER BY sku, id OFFSET $2 LIMIT 1`,
        [context.dataset.partnerId, offset],
      )
      .then((result) => (result.rows[0] as { id: string } | undefined)?.id);
  const [firstPage, deepPage] = await Promise.all([
    api.get<ListPage>(first),
    api.get<ListPage>(deep),
  ]);
  if (firstPage.items[0]?.id !== (await bySku(0))) {
    lines.push('deep page: the default order is not by SKU, its depth is not checked');
    return;
  }
  const expected = await bySku(context.profile.deepRows);
  if (deepPage.items[0]?.id !== expected) {
    throw new Error(`the deep page does not start at row ${context.profile.deepRows + 1}`);
  }
  lines.push(
    `deep page starts at row ${(context.profile.deepRows + 1).toLocaleString('en')} by SKU (checked against SQL); first page total ${firstPage.total}${firstPage.totalExact ? '' : ' (estimate)'}`,
  );
}

/** The search expression of the trigram index (docs/api.md; migration 1795500000000). */
const SEARCH_EXPRESSION = `(sku || ' ' || name || ' ' || coalesce(barcode, '')) COLLATE "default"`;

/**
 * A realistic selective term: what a person types for a product, the first two words of an item's
 * name (the brand and the product, e.g. "keepsake photo"), taken from sampled items of the big
 * partner: the one whose matches are nearest SEARCH_MATCHES.ideal, within .min–.max.
 */
async function pickSearchTerm(
  context: BenchContext,
  db: pg.Client,
): Promise<{ text: string; matches?: number }> {
  const { partnerId } = context.dataset;
  const sample = await db.query(
    `SELECT name FROM inventory_items TABLESAMPLE SYSTEM (1) REPEATABLE (3) WHERE partner_id = $1 LIMIT 20`,
    [partnerId],
  );
  const candidates = new Set<string>();
  for (const { name } of sample.rows as Array<{ name: string }>) {
    const words = name.split(/[\s,]+/).filter((word) => /^[\p{L}\p{N}-]+$/u.test(word));
    if (words.length >= 2) candidates.add(words.slice(0, 2).join(' ').toLowerCase());
  }
  let best: { text: string; matches: number } | undefined;
  const distance = (n: number) => Math.abs(Math.log(n / SEARCH_MATCHES.ideal));
  for (const text of [...candidates].slice(0, 40)) {
    const result = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM inventory_items
        WHERE partner_id = $1 AND ${SEARCH_EXPRESSION} ILIKE '%' || $2 || '%' LIMIT ${SEARCH_MATCHES.max + 1}) AS m`,
      [partnerId, text],
    );
    const matches = (result.rows[0] as { n: number }).n;
    if (matches < SEARCH_MATCHES.min || matches > SEARCH_MATCHES.max) continue;
    if (best === undefined || distance(matches) < distance(best.matches)) best = { text, matches };
  }
  if (best === undefined) throw new Error('no selective search term found: pass --search');
  return best;
}
