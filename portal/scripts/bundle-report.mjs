// The JavaScript a signed-in partner page loads, from the build: the entry named by index.html, the
// lazy route chunks of the partner shell and its overview, and every chunk they import statically.
// Prints each chunk's size as built, gzip and brotli (the precompressed files the BFF sends).
//   node scripts/bundle-report.mjs [dist] [--max-brotli-kb=150]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist =
  args.find((arg) => !arg.startsWith('--')) ?? new URL('../dist', import.meta.url).pathname;
const maxBrotliKb = Number(args.find((arg) => arg.startsWith('--max-brotli-kb='))?.split('=')[1]);
const assets = join(dist, 'assets');

/** The route modules a partner page loads, as their chunks are named (`<module>-<hash>.js`). */
const partnerPageRoutes = ['partner-layout', 'overview'];

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

const loaded = new Set();
const visit = (file) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  for (const imported of staticImports(file)) visit(imported);
};
visit(entry);
for (const route of partnerPageRoutes) visit(chunkOf(route));

const sizeOf = (file, suffix, compress) => {
  const path = join(assets, file);
  if (existsSync(path + suffix)) return readFileSync(path + suffix).length;
  return compress(readFileSync(path)).length;
};
const rows = [...loaded].map((file) => ({
  file,
  raw: readFileSync(join(assets, file)).length,
  gzip: sizeOf(file, '.gz', (buffer) => gzipSync(buffer, { level: 9 })),
  brotli: sizeOf(file, '.br', (buffer) => brotliCompressSync(buffer)),
}));
rows.sort((a, b) => b.raw - a.raw);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
console.log(
  `${'chunk'.padEnd(44)}${'raw KB'.padStart(8)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}`,
);
for (const row of rows)
  console.log(`${row.file.padEnd(44)}${kb(row.raw)}${kb(row.gzip)}${kb(row.brotli)}`);
const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
console.log(
  `${`total (${rows.length} chunks)`.padEnd(44)}${kb(total('raw'))}${kb(total('gzip'))}${kb(total('brotli'))}`,
);

if (Number.isFinite(maxBrotliKb) && total('brotli') / 1024 > maxBrotliKb) {
  console.error(
    `A partner page loads ${kb(total('brotli')).trim()} KB of brotli JavaScript, over ${maxBrotliKb} KB.`,
  );
  process.exit(1);
}
