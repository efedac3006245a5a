/**
 * Readers of the rows a raw statement returns (`dataSource.query`, a builder's `getRawMany`): each
 * column checked for its type, so a changed statement fails loudly instead of passing `undefined` on.
 */
export type Row = Record<string, unknown>;

/**
 * The rows a statement returned. TypeORM answers an UPDATE or DELETE on PostgreSQL as
 * `[rows, affected]`, anything else as the rows.
 */
export function rowsOf(raw: unknown): Row[] {
  if (!Array.isArray(raw)) return [];
  if (raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') {
    return raw[0] as Row[];
  }
  return raw as Row[];
}

/** An integer column: int4 as a number, int8 as its text. */
export function integer(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  throw new Error(`${column} is not an integer`);
}

export function nullableInteger(row: Row, column: string): number | null {
  return row[column] === null || row[column] === undefined ? null : integer(row, column);
}

export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`${column} is not text`);
  return value;
}

export function nullableText(row: Row, column: string): string | null {
  return row[column] === null || row[column] === undefined ? null : text(row, column);
}
