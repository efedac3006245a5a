import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * PGlite serves every socket connection from one session, where a statement name prepared by one pool
 * connection collides with the next connection's: the embedded database gets unnamed statements.
 */
const unnamed = new WeakSet<DataSource>();

export function useUnnamedStatements(dataSource: DataSource): void {
  unnamed.add(dataSource);
}

/**
 * A named prepared statement on TypeORM's own pg pool, for the statements of the hot path (the account
 * and partner checks of every request): PostgreSQL parses and plans it once per connection, and no
 * TypeORM QueryRunner is set up around it. Everything else goes through `dataSource.query`.
 */
export async function preparedQuery<Row>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const driver = dataSource.driver as unknown as { master: pg.Pool };
  const config: pg.QueryConfig = unnamed.has(dataSource)
    ? { text, values }
    : { name, text, values };
  const result = await driver.master.query<pg.QueryResultRow>(config);
  return result.rows as Row[];
}
