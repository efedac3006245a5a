import { SETTINGS } from './settings.js';

export const CONFIG_TABLE_START =
  '<!-- config:start: generated from bff/src/config/settings.ts by `pnpm --filter @partner-portal/bff config:docs` -->';
export const CONFIG_TABLE_END = '<!-- config:end -->';

/** The README's configuration table, one row per declared setting, aligned as Prettier aligns it. */
export function configTable(): string {
  const rows = [
    ['variable', 'default', 'meaning'],
    ...SETTINGS.entries.map((setting) => [`\`${setting.env}\``, setting.default, setting.doc]),
  ].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}

/** The README with its configuration table (between the markers) replaced by the generated one. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} section`);
  }
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
