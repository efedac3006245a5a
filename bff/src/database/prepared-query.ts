import type pg from 'pg';
import type { DataSource } from 'typeorm';

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
  const result = await driver.master.query<pg.QueryResultRow>({ name, text, values });
  return result.rows as Row[];
}
