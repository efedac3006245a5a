import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startTestApp, type TestApp } from './support/test-app.js';
import { startTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The partner-key check of docs/scaling.md: on a migrated database, the catalog says which tables
 * are tenant tables (a `partner_id NOT NULL` column) and whether each could be distributed by `partner_id`
 * (Citus) as it stands: `partner_id` in its primary key, in every unique index and constraint, in
 * every foreign key between tenant tables, and no foreign key from a table without `partner_id`
 * to a tenant table. What does not fit is listed in EXCEPTIONS with its reason; an exception that
 * no longer exists fails the test too, and so does a difference with the lists of the doc (its
 * sections between `<!-- partner-key:… -->` markers).
 */

/** What would have to change before distribution, keyed `pk:<table>`, `unique:<index>`, `fk:<constraint>`. */
const EXCEPTIONS: Record<string, string> = {
  // Primary keys on `id` alone (a random uuid, unique anyway): Citus needs (partner_id, id).
  'pk:claims': 'uuid id alone; (partner_id, id) before distribution',
  'pk:claim_events': 'uuid id alone; (partner_id, id) before distribution',
  'pk:claim_attachments': 'uuid id alone; (partner_id, id) before distribution',
  'pk:claim_evidence_blobs': 'uuid id alone; (partner_id, id) before distribution',
  'pk:inventory_items': 'uuid id alone; (partner_id, id) before distribution',
  'pk:inventory_movements': 'uuid id alone; (partner_id, id) before distribution',
  'pk:invitations': 'uuid id alone; (partner_id, id) before distribution',
  'pk:memberships': 'uuid id alone; (partner_id, user_id) is unique already and could be the key',
  'pk:unclaimed_movements': 'movement_id alone; (partner_id, movement_id) before distribution',
  'pk:webhook_endpoints': 'uuid id alone; (partner_id, id) before distribution',
  'pk:webhook_events': 'uuid id alone; (partner_id, id) before distribution',
  'pk:webhook_deliveries': 'uuid id alone; (partner_id, id) before distribution',
  // Unique indexes whose columns are unique across partners today.
  'unique:claims_movement_id_key': 'one live claim per movement; a movement has one partner',
  'unique:invitations_token_hash_key':
    'looked up by token before the partner is known: a reference lookup table on Citus',
  'unique:webhook_deliveries_attempt_key': 'endpoint and event are one partner’s: add partner_id',
  // Foreign keys between tenant tables on `id` alone: (partner_id, x_id) → (partner_id, id).
  'fk:claims_item_id_fkey': 'item_id alone; (partner_id, item_id) once the key includes it',
  'fk:claims_movement_id_fkey': 'movement_id alone; (partner_id, movement_id) likewise',
  'fk:claim_events_claim_id_fkey': 'claim_id alone; (partner_id, claim_id) likewise',
  'fk:claim_attachments_claim_id_fkey': 'claim_id alone; (partner_id, claim_id) likewise',
  'fk:inventory_movements_item_id_fkey': 'item_id alone; (partner_id, item_id) likewise',
  'fk:unclaimed_movements_movement_id_fkey': 'movement_id alone; (partner_id, movement_id)',
  'fk:webhook_deliveries_endpoint_id_fkey': 'endpoint_id alone; (partner_id, endpoint_id)',
  'fk:webhook_deliveries_event_id_fkey': 'event_id alone; (partner_id, event_id) likewise',
};

/** Schemas that are not the application's tables: the job queue (pg-boss) stays off the shards. */
const EXCLUDED_SCHEMAS = ['pgboss', 'pg_catalog', 'information_schema'];

const DOC = new URL('../../docs/scaling.md', import.meta.url);

interface Table {
  name: string;
  /** A `partner_id NOT NULL` column: a nullable one (api_keys: staff keys have none) is cross-partner. */
  tenant: boolean;
}

interface Key {
  kind: 'pk' | 'unique' | 'fk';
  name: string;
  table: string;
  columns: string[];
  /** Foreign keys: the referenced table and columns, in the same order as `columns`. */
  references?: { table: string; columns: string[] };
}

async function readCatalog(url: string): Promise<{ tables: Table[]; keys: Key[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string; tenant: boolean }>(
      `SELECT c.relname AS name,
              EXISTS (SELECT 1 FROM pg_attribute a
                       WHERE a.attrelid = c.oid AND a.attname = 'partner_id'
                         AND a.attnum > 0 AND NOT a.attisdropped AND a.attnotnull) AS tenant
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND n.nspname <> ALL ($1) AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY c.relname`,
      [EXCLUDED_SCHEMAS],
    );
    // Primary keys and unique indexes (unique constraints have theirs): columns by name, an
    // expression as its text.
    const indexes = await client.query<{
      name: string;
      table: string;
      primary: boolean;
      columns: string[];
    }>(
      `SELECT ic.relname AS name, tc.relname AS "table", i.indisprimary AS primary,
              ARRAY(SELECT CASE WHEN k.attnum = 0 THEN pg_get_indexdef(i.indexrelid, k.ord::int, true)
                                ELSE (SELECT attname::text FROM pg_attribute
                                       WHERE attrelid = i.indrelid AND attnum = k.attnum) END
                      FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                     WHERE k.ord <= i.indnkeyatts
                     ORDER BY k.ord) AS columns
         FROM pg_index i
         JOIN pg_class ic ON ic.oid = i.indexrelid
         JOIN pg_class tc ON tc.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = tc.relnamespace
        WHERE (i.indisunique OR i.indisprimary) AND n.nspname <> ALL ($1)
          AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY ic.relname`,
      [EXCLUDED_SCHEMAS],
    );
    const foreign = await client.query<{
      name: string;
      table: string;
      columns: string[];
      referenced: string;
      referencedColumns: string[];
    }>(
      `SELECT con.conname AS name, tc.relname AS "table", rc.relname AS referenced,
              ARRAY(SELECT attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                     ORDER BY k.ord) AS columns,
              ARRAY(SELECT attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                     ORDER BY k.ord) AS "referencedColumns"
         FROM pg_constraint con
         JOIN pg_class tc ON tc.oid = con.conrelid
         JOIN pg_class rc ON rc.oid = con.confrelid
         JOIN pg_namespace n ON n.oid = tc.relnamespace
        WHERE con.contype = 'f' AND n.nspname <> ALL ($1)
        ORDER BY con.conname`,
      [EXCLUDED_SCHEMAS],
    );
    const keys: Key[] = [
      ...indexes.rows.map((row) => ({
        kind: row.primary ? ('pk' as const) : ('unique' as const),
        name: row.primary ? row.table : row.name,
        table: row.table,
        columns: row.columns,
      })),
      ...foreign.rows.map((row) => ({
        kind: 'fk' as const,
        name: row.name,
        table: row.table,
        columns: row.columns,
        references: { table: row.referenced, columns: row.referencedColumns },
      })),
    ];
    return { tables: tables.rows, keys };
  } finally {
    await client.end();
  }
}

/** What keeps a key from being distributed by partner_id, or undefined when it fits. */
function misfit(key: Key, tenant: (table: string) => boolean): string | undefined {
  if (key.kind !== 'fk') {
    if (!tenant(key.table)) return undefined;
    return key.columns.includes('partner_id')
      ? undefined
      : `(${key.columns.join(', ')}) on ${key.table}`;
  }
  const references = key.references;
  if (references === undefined || !tenant(references.table)) return undefined;
  if (!tenant(key.table)) return `${key.table} (no partner_id) → ${references.table}`;
  const at = key.columns.indexOf('partner_id');
  return at !== -1 && references.columns[at] === 'partner_id'
    ? undefined
    : `${key.table} (${key.columns.join(', ')}) → ${references.table} (${references.columns.join(', ')})`;
}

/** The backticked names of the first column of a table in the doc between two markers. */
function docSection(doc: string, marker: string): string[] {
  const found = new RegExp(
    `<!-- partner-key:${marker} -->([\\s\\S]*?)<!-- /partner-key:${marker} -->`,
  ).exec(doc);
  if (found?.[1] === undefined) throw new Error(`docs/scaling.md has no ${marker} section`);
  return found[1]
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

describe('Partner key: every tenant table could be distributed by partner_id', () => {
  let database: TestDatabase;
  let api: TestApp;
  let tables: Table[];
  let keys: Key[];

  beforeAll(async () => {
    database = await startTestDatabase();
    // The application's start migrates a database that is not yet (the embedded one).
    api = await startTestApp({ databaseUrl: database.url });
    ({ tables, keys } = await readCatalog(database.url));
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const tenant = (table: string) => tables.find((found) => found.name === table)?.tenant === true;

  it('finds the tenant tables', () => {
    expect(tables.filter((table) => table.tenant).length).toBeGreaterThan(5);
    expect(tenant('claims')).toBe(true);
  });

  it('has partner_id in every primary key, unique index and foreign key, or an exception', () => {
    const misfits = new Map<string, string>();
    for (const key of keys) {
      const why = misfit(key, tenant);
      if (why !== undefined) misfits.set(`${key.kind}:${key.name}`, why);
    }
    const unlisted = [...misfits].filter(([key]) => !(key in EXCEPTIONS));
    const stale = Object.keys(EXCEPTIONS).filter((key) => !misfits.has(key));
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
    // Every tenant table has a primary key.
    const withPrimary = new Set(keys.filter((key) => key.kind === 'pk').map((key) => key.table));
    expect(tables.filter((table) => table.tenant && !withPrimary.has(table.name))).toEqual([]);
  });

  it('lists in docs/scaling.md exactly the exceptions of this test', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(docSection(doc, 'exceptions')).toEqual(Object.keys(EXCEPTIONS).sort());
  });

  it('lists in docs/scaling.md exactly the tenant tables as distributed', () => {
    const doc = readFileSync(DOC, 'utf8');
    const tenants = tables.filter((table) => table.tenant).map((table) => table.name);
    expect(docSection(doc, 'distributed')).toEqual(tenants.sort());
  });

  it('lists in docs/scaling.md exactly the tables without partner_id', () => {
    const doc = readFileSync(DOC, 'utf8');
    const without = tables.filter((table) => !table.tenant).map((table) => table.name);
    expect(docSection(doc, 'reference-tables')).toEqual(without.sort());
  });
});
