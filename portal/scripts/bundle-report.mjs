// The JavaScript a signed-in partner page loads, from the build: the entry named by index.html, the
// lazy route chunks of the partner shell and of the page, and every chunk they import statically.
// Prints each chunk of the overview (the landing page) as built, gzip and brotli (the precompressed
// files the BFF sends), then the total of every partner page that has a screen of its own; the
// budget holds for each of them. A page may have budgets of its own instead (`page:gzip|brotli:KB`,
// repeatable): the analytics screen, which alone draws charts, is held to its own. With
// `--charts-only=page`, no other page may load a chunk of the chart library (Recharts).
//   node scripts/bundle-report.mjs [dist] [--max-brotli-kb=150] [--route-budget=analytics:gzip:350]
//     [--charts-only=analytics]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist =
  args.find((arg) => !arg.startsWith('--')) ?? new URL('../dist', import.meta.url).pathname;
const maxBrotliKb = Number(args.find((arg) => arg.startsWith('--max-brotli-kb='))?.split('=')[1]);
/** Budgets of single pages, replacing the default: page → [[gzip|brotli, KB]]. */
const routeBudgets = new Map();
for (const arg of args.filter((candidate) => candidate.startsWith('--route-budget='))) {
  const [page, kind, kb] = arg.slice('--route-budget='.length).split(':');
  if (!page || (kind !== 'gzip' && kind !== 'brotli') || !Number.isFinite(Number(kb)))
    throw new Error(`bad ${arg}: expected --route-budget=<page>:<gzip|brotli>:<KB>`);
  routeBudgets.set(page, [...(routeBudgets.get(page) ?? []), [kind, Number(kb)]]);
}
const chartsOnly = args.find((arg) => arg.startsWith('--charts-only='))?.split('=')[1];
const assets = join(dist, 'assets');

/** The partner shell's route module and each page's, as their chunks are named (`<module>-<hash>.js`). */
const shellRoute = 'partner-layout';
const pageRoutes = [
  'overview',
  'analytics',
  'members',
  'inventory',
  'inventory-item',
  'claims',
  'claim',
];

const chunkFiles = readdirSync(assets).filter((file) => file.endsWith('.js'));
const chunkOf = (name) => {
  const found = chunkFiles.filter((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
  if (found.length !== 1)
    throw new Error(`expected one chunk for ${name}, found ${found.join(', ') || 'none'}`);
  return found[0];
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in index.html');

const staticImports = (file) => {
  const code = readFileSync(join(assets, file), 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
};

const loadedBy = (pageRoute) => {
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  visit(entry);
  for (const route of [shellRoute, pageRoute]) visit(chunkOf(route));
  return loaded;
};

const sizeOf = (file, suffix, compress) => {
  const path = join(assets, file);
  if (existsSync(path + suffix)) return readFileSync(path + suffix).length;
  return compress(readFileSync(path)).length;
};
const measure = (files) =>
  [...files].map((file) => ({
    file,
    raw: readFileSync(join(assets, file)).length,
    gzip: sizeOf(file, '.gz', (buffer) => gzipSync(buffer, { level: 9 })),
    brotli: sizeOf(file, '.br', (buffer) => brotliCompressSync(buffer)),
  }));
const total = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
const line = (label, rows) =>
  `${label.padEnd(44)}${kb(total(rows, 'raw'))}${kb(total(rows, 'gzip'))}${kb(total(rows, 'brotli'))}`;

const header = `${'chunk'.padEnd(44)}${'raw KB'.padStart(8)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}`;
const [firstPage] = pageRoutes;
const firstRows = measure(loadedBy(firstPage)).sort((a, b) => b.raw - a.raw);
console.log(header);
for (const row of firstRows)
  console.log(`${row.file.padEnd(44)}${kb(row.raw)}${kb(row.gzip)}${kb(row.brotli)}`);
console.log(line(`total (${firstRows.length} chunks)`, firstRows));

console.log(
  `\n${'page (entry + shell + page, with imports)'.padEnd(44)}${'raw KB'.padStart(8)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}`,
);
const over = [];
/** Recharts names its elements `recharts-…`: a chunk holding those names holds the library. */
const drawsCharts = (file) => readFileSync(join(assets, file), 'utf8').includes('recharts-');
for (const page of pageRoutes) {
  const files = loadedBy(page);
  const rows = measure(files);
  const budgets = routeBudgets.get(page) ?? [['brotli', maxBrotliKb]];
  const budgetText = budgets
    .filter(([, kb]) => Number.isFinite(kb))
    .map(([kind, kb]) => `${kind} ≤ ${kb}`)
    .join(', ');
  console.log(`${line(`${page} (${rows.length} chunks)`, rows)}   ${budgetText}`);
  for (const [kind, kb] of budgets) {
    if (Number.isFinite(kb) && total(rows, kind) / 1024 > kb)
      over.push(`${page} (${kind} ${kb} KB)`);
  }
  if (chartsOnly !== undefined && page !== chartsOnly) {
    const withCharts = [...files].filter(drawsCharts);
    if (withCharts.length > 0)
      over.push(
        `${page} loads the chart library (${withCharts.join(', ')}), only ${chartsOnly} may`,
      );
  }
}

if (over.length > 0) {
  console.error(`Over budget: ${over.join('; ')}.`);
  process.exit(1);
}
