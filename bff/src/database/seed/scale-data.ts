import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { hashPassword } from '#src/users/password-hash.js';
import { dataSourceOptions } from '../data-source-options.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { type ScaleClaimsResult, scaleReviewer, writeScaleClaims } from './scale-claims.js';
import { scaleInventoryProfile } from './inventory-catalog.js';
import {
  CopyTextSink,
  generateInto,
  generateInventory,
  ITEM_COPY_COLUMNS,
  insertInventoryBatch,
  MOVEMENT_COPY_COLUMNS,
} from './inventory-generator.js';

/**
 * `gen:data` (docs/operations.md): scale partners, one member each, and as many items and movements as
 * asked, written to a real PostgreSQL by the generator of the demo data (inventory-generator.ts).
 * Worker threads generate and encode the batches while the main thread streams them with COPY, so Node
 * and the server work at the same time. Into empty inventory tables the load is one transaction with
 * the indexes and foreign keys set aside; appended to existing inventory, each batch commits alone.
 */
export interface ScaleDataOptions {
  databaseUrl: string;
  partners: number;
  itemsPerPartner: number;
  /** Items of the first partner (the benchmark's big one); the others get `itemsPerPartner`. */
  firstPartnerItems: number;
  movementsPerItem: number;
  seed: string;
  /** Items per batch (one transaction, two COPY statements). */
  batchItems: number;
  /** Threads that generate; 0 generates on the main thread (tests). */
  workers: number;
  method: 'copy' | 'insert';
  /** Add to a database that already holds data (new partners after the existing `scale-NN`). */
  append: boolean;
  /** Claims of each partner (claims-generator.ts), filed for its losses, damages and receipts. */
  claimsPerPartner: number;
  /** Claims of the first partner (the benchmark's big one); the others get `claimsPerPartner`. */
  firstPartnerClaims: number;
  /**
   * Create no partner and no inventory: add the claims to the existing scale partners that have
   * none (the first of them, by number, gets `firstPartnerClaims`).
   */
  claimsOnly: boolean;
  /** The instant the 18 months of history end at. */
  now: Date;
}

export const SCALE_DATA_DEFAULTS: Omit<ScaleDataOptions, 'databaseUrl' | 'now'> = {
  partners: 10,
  itemsPerPartner: 1_000,
  firstPartnerItems: 1_000,
  movementsPerItem: 10,
  seed: 'gen-data',
  batchItems: 10_000,
  workers: 1,
  method: 'copy',
  append: false,
  claimsPerPartner: 0,
  firstPartnerClaims: 0,
  claimsOnly: false,
};

export interface ScalePartner {
  slug: string;
  id: string;
  number: number;
  email: string;
}

export interface ScaleDataResult {
  partners: ScalePartner[];
  items: number;
  movements: number;
  claims: number;
  claimEvents: number;
  seconds: number;
}

/** Progress lines for the person who runs it. */
export type Report = (line: string) => void;

/** A slice of a partner's items to generate and encode (a structured-clone message to a worker). */
export interface EncodeRequest {
  seed: string;
  partnerKey: string;
  partnerNumber: number;
  partnerId: string;
  now: number;
  movementsPerItem: number;
  from: number;
  to: number;
}

export interface EncodedBatch {
  itemCount: number;
  movementCount: number;
  /** COPY text bodies, UTF-8. */
  items: Uint8Array;
  movements: Uint8Array;
}

export function encodeBatch(request: EncodeRequest): EncodedBatch {
  const sink = new CopyTextSink(request.partnerId);
  generateInto(
    {
      profile: scaleInventoryProfile(request.partnerNumber),
      seed: request.seed,
      partnerKey: request.partnerKey,
      now: new Date(request.now),
      movementsPerItem: request.movementsPerItem,
    },
    request.from,
    request.to,
    sink,
  );
  return {
    itemCount: sink.itemCount,
    movementCount: sink.movementCount,
    items: sink.items.bytes(),
    movements: sink.movements.bytes(),
  };
}

export class GenDataRefusal extends Error {}

/**
 * The database `gen:data` may write to: the one named, never the embedded default (a scale load is for
 * a real PostgreSQL), never in production (the members get the published demo password).
 */
export function targetDatabaseUrl(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): string {
  if (env.NODE_ENV === 'production') {
    throw new GenDataRefusal(
      'gen:data creates accounts with the published demo password: refused when NODE_ENV=production.',
    );
  }
  const url = flag ?? env.DATABASE_URL;
  if (url === undefined || url === '') {
    throw new GenDataRefusal(
      'gen:data writes to a real PostgreSQL, not the embedded default: give --database-url or DATABASE_URL.',
    );
  }
  return url;
}

const SCALE_SLUG = /^scale-(\d+)$/;
const CURRENCIES = [
  { currency: 'EUR', timeZone: 'Europe/Berlin' },
  { currency: 'USD', timeZone: 'America/New_York' },
  { currency: 'GBP', timeZone: 'Europe/London' },
] as const;

export const scaleMemberEmail = (slug: string) => `member@${slug}.example`;

/** Batches of the requests in order, generated by `workers` threads (or here, with 0). */
async function* encodedBatches(
  requests: EncodeRequest[],
  workers: number,
): AsyncGenerator<WritableBatch> {
  if (workers === 0) {
    for (const request of requests) yield copyBatch(encodeBatch(request));
    return;
  }
  const pool = Array.from({ length: workers }, () => {
    const worker = new Worker(new URL('./scale-data.worker.js', import.meta.url));
    // A worker answers in the order it was asked.
    const waiting: Array<{ resolve(batch: EncodedBatch): void; reject(error: unknown): void }> = [];
    worker.on('message', (batch: EncodedBatch) => waiting.shift()?.resolve(batch));
    worker.on('error', (error) => {
      for (const waiter of waiting.splice(0)) waiter.reject(error);
    });
    return { worker, waiting };
  });
  try {
    // Request i goes to worker i mod n; each worker has one request ahead of the writer.
    const pending: Array<Promise<EncodedBatch>> = [];
    const ask = (index: number) => {
      const { worker, waiting } = pool[index % workers] as (typeof pool)[number];
      pending[index] = new Promise<EncodedBatch>((resolve, reject) => {
        waiting.push({ resolve, reject });
      });
      worker.postMessage(requests[index]);
    };
    for (let i = 0; i < Math.min(workers, requests.length); i += 1) ask(i);
    for (let i = 0; i < requests.length; i += 1) {
      const batch = await (pending[i] as Promise<EncodedBatch>);
      if (i + workers < requests.length) ask(i + workers);
      yield copyBatch(batch);
    }
  } finally {
    await Promise.all(pool.map(({ worker }) => worker.terminate()));
  }
}

/** A batch ready to go to the database on the given connection. */
interface WritableBatch {
  itemCount: number;
  movementCount: number;
  write(client: pg.Client): Promise<void>;
}

function copyBatch(batch: EncodedBatch): WritableBatch {
  return {
    itemCount: batch.itemCount,
    movementCount: batch.movementCount,
    write: async (client) => {
      await copyInto(client, `COPY inventory_items (${ITEM_COPY_COLUMNS}) FROM STDIN`, batch.items);
      await copyInto(
        client,
        `COPY inventory_movements (${MOVEMENT_COPY_COLUMNS}) FROM STDIN`,
        batch.movements,
      );
    },
  };
}

/** `--method insert`: multi-row INSERT … SELECT FROM unnest, generated on this thread. */
async function* unnestBatches(requests: EncodeRequest[], now: Date): AsyncGenerator<WritableBatch> {
  for (const request of requests) {
    const batch = generateInventory(
      {
        profile: scaleInventoryProfile(request.partnerNumber),
        seed: request.seed,
        partnerKey: request.partnerKey,
        now,
        movementsPerItem: request.movementsPerItem,
      },
      request.from,
      request.to,
    );
    yield {
      itemCount: batch.items.id.length,
      movementCount: batch.movements.id.length,
      write: (client) =>
        insertInventoryBatch(
          (sql, parameters) => client.query(sql, parameters),
          request.partnerId,
          batch,
        ),
    };
  }
}

/** Counts what was written and says so every two seconds and at the end of each partner. */
class Progress {
  items = 0;
  movements = 0;
  private partnerStartedAt = performance.now();
  private partnerItems = 0;
  private partnerMovements = 0;
  private lastReport = performance.now();

  constructor(private readonly report: Report) {}

  add(partner: string, itemsSoFar: number, items: number, movements: number, partnerDone: boolean) {
    this.items += items;
    this.movements += movements;
    this.partnerItems += items;
    this.partnerMovements += movements;
    const now = performance.now();
    if (partnerDone || now - this.lastReport > 2_000) {
      this.lastReport = now;
      const elapsed = (now - this.partnerStartedAt) / 1_000;
      const rate = Math.round((this.partnerItems + this.partnerMovements) / elapsed);
      this.report(
        `${partner}: ${count(itemsSoFar)} items, ${count(this.partnerMovements)} movements` +
          `${partnerDone ? ' (done)' : ''}, ${elapsed.toFixed(1)} s, ${count(rate)} rows/s`,
      );
    }
    if (partnerDone) {
      this.partnerStartedAt = now;
      this.partnerItems = 0;
      this.partnerMovements = 0;
    }
  }
}

async function copyInto(client: pg.Client, sql: string, body: Uint8Array) {
  const stream = client.query(copyFrom(sql));
  const finished = once(stream, 'finish');
  stream.end(body);
  await finished;
}

/** Is there any partner or user? (A database without the tables is empty.) */
async function holdsData(client: pg.Client): Promise<boolean> {
  const [row] = (
    await client.query<{ partners: string | null; users: string | null }>(
      `SELECT to_regclass('public.partners')::text AS partners, to_regclass('public.users')::text AS users`,
    )
  ).rows;
  if (row?.partners == null || row.users == null) return false;
  const { rows } = await client.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM partners) OR EXISTS (SELECT 1 FROM users) AS found`,
  );
  return rows[0]?.found === true;
}

async function migrate(databaseUrl: string, report: Report): Promise<void> {
  const dataSource = new DataSource(
    dataSourceOptions({ url: databaseUrl, poolSize: 1, migrationsRun: false }),
  );
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    report(`Migrations: ${applied.length} applied`);
  } finally {
    await dataSource.destroy();
  }
}

async function createPartners(client: pg.Client, count: number): Promise<ScalePartner[]> {
  const { rows } = await client.query<{ slug: string }>(
    `SELECT slug FROM partners WHERE slug ~ '^scale-[0-9]+$'`,
  );
  const highest = Math.max(0, ...rows.map((row) => Number(SCALE_SLUG.exec(row.slug)?.[1] ?? 0)));
  const numbers = Array.from({ length: count }, (_, i) => highest + i + 1);
  const slugs = numbers.map((n) => `scale-${String(n).padStart(2, '0')}`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await client.query<{ id: string; slug: string }>(
    `INSERT INTO partners (slug, name, status, currency, time_zone)
     SELECT slug, name, 'active', currency, time_zone
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS p (slug, name, currency, time_zone)
     RETURNING id, slug`,
    [
      slugs,
      numbers.map((n) => `Scale Partner ${String(n).padStart(2, '0')}`),
      numbers.map((n) => CURRENCIES[n % 3]?.currency),
      numbers.map((n) => CURRENCIES[n % 3]?.timeZone),
    ],
  );
  const ids = new Map(created.rows.map((row) => [row.slug, row.id]));
  await client.query(
    `WITH added AS (
       INSERT INTO users (email, name, password_hash, status, is_staff)
       SELECT email, name, $3, 'active', false FROM unnest($1::text[], $2::text[]) AS u (email, name)
       RETURNING id, email)
     INSERT INTO memberships (partner_id, user_id, role)
     SELECT p.id, added.id, 'admin'
       FROM added JOIN partners p ON added.email = 'member@' || p.slug || '.example'`,
    [
      slugs.map(scaleMemberEmail),
      numbers.map((n) => `Scale Member ${String(n).padStart(2, '0')}`),
      passwordHash,
    ],
  );
  return slugs.map((slug, i) => ({
    slug,
    id: ids.get(slug) as string,
    number: numbers[i] as number,
    email: scaleMemberEmail(slug),
  }));
}

const count = (value: number) => value.toLocaleString('en-US');
const seconds = (since: number) => `${((performance.now() - since) / 1_000).toFixed(1)} s`;

const INVENTORY_TABLES = `'inventory_items'::regclass, 'inventory_movements'::regclass`;
const CLAIM_TABLES = `'claims'::regclass, 'claim_events'::regclass`;

/**
 * Takes the tables' secondary indexes and foreign keys off for a bulk load, as pg_restore does:
 * building an index from all the rows at once (a sort) and checking a foreign key with one join cost
 * far less than maintaining nine indexes and a key check row by row. The definitions are read from
 * the catalog, so what is put back is exactly what the migrations made. Only inside a transaction: if
 * anything fails, the drop is rolled back with the rest.
 */
async function setIndexesAside(client: pg.Client, tables: string): Promise<string[]> {
  const { rows: keys } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS "table", quote_ident(conname) AS name,
            pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${tables})
      ORDER BY conname`,
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
       FROM pg_index i WHERE indrelid IN (${tables})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY indexrelid::regclass::text`,
  );
  for (const key of keys)
    await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return [
    ...indexes.map((index) => index.definition),
    ...keys.map((key) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`),
  ];
}

async function inventoryIsEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM inventory_items) AND NOT EXISTS (SELECT 1 FROM inventory_movements) AS empty`,
  );
  return rows[0]?.empty === true;
}

/** Loads the scale data; refuses a database that holds data unless `append` (or `claimsOnly`). */
export async function generateScaleData(
  options: ScaleDataOptions,
  report: Report,
): Promise<ScaleDataResult> {
  const startedAt = performance.now();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    if (!options.append && !options.claimsOnly && (await holdsData(client))) {
      throw new GenDataRefusal(
        'The target database already holds partners or users: give --append to add to it, or an empty database.',
      );
    }
    await migrate(options.databaseUrl, report);
    await client.query('SET synchronous_commit = off');
    const { partners, items, movements } = options.claimsOnly
      ? { partners: await partnersWithoutClaims(client), items: 0, movements: 0 }
      : await loadInventory(client, options, report);
    const claims = await loadClaims(client, partners, options, report);
    const total = (performance.now() - startedAt) / 1_000;
    const rows = items + movements + claims.claims + claims.events;
    report(
      `Done: ${count(items)} items, ${count(movements)} movements, ${count(claims.claims)} claims, ` +
        `${count(claims.events)} claim events for ${partners.length} partner(s) in ` +
        `${total.toFixed(1)} s (${count(Math.round(rows / total))} rows/s)`,
    );
    return {
      partners,
      items,
      movements,
      claims: claims.claims,
      claimEvents: claims.events,
      seconds: total,
    };
  } finally {
    await client.end();
  }
}

/** The partners and their inventory: one transaction with the indexes aside into empty tables. */
async function loadInventory(
  client: pg.Client,
  options: ScaleDataOptions,
  report: Report,
): Promise<{ partners: ScalePartner[]; items: number; movements: number }> {
  // Into empty inventory tables, one transaction with the indexes and keys set aside; added to
  // existing inventory, a transaction per batch with everything in place.
  const bulk = await inventoryIsEmpty(client);
  if (bulk) await client.query('BEGIN');
  const partners = await createPartners(client, options.partners);
  report(
    `Partners: ${partners.map((p) => p.slug).join(', ')} (member ${scaleMemberEmail('scale-NN')}, password "${DEMO_PASSWORD}")`,
  );
  const putBack = bulk ? await setIndexesAside(client, INVENTORY_TABLES) : [];
  if (bulk) report(`Bulk load: ${putBack.length} indexes and foreign keys set aside until the end`);

  const requests = partners.flatMap((partner, index) => {
    const partnerItems = index === 0 ? options.firstPartnerItems : options.itemsPerPartner;
    return Array.from(
      { length: Math.ceil(partnerItems / options.batchItems) },
      (_, batch): EncodeRequest => ({
        seed: options.seed,
        partnerKey: partner.slug,
        partnerNumber: partner.number,
        partnerId: partner.id,
        now: options.now.getTime(),
        movementsPerItem: options.movementsPerItem,
        from: batch * options.batchItems,
        to: Math.min((batch + 1) * options.batchItems, partnerItems),
      }),
    );
  });
  const progress = new Progress(report);
  const batches =
    options.method === 'copy'
      ? encodedBatches(requests, options.workers)
      : unnestBatches(requests, options.now);
  let next = 0;
  for await (const batch of batches) {
    const request = requests[next] as EncodeRequest;
    next += 1;
    if (!bulk) await client.query('BEGIN');
    await batch.write(client);
    if (!bulk) await client.query('COMMIT');
    const isLast = requests[next]?.partnerKey !== request.partnerKey;
    progress.add(request.partnerKey, request.to, batch.itemCount, batch.movementCount, isLast);
  }
  if (bulk) {
    await putBackIndexes(client, putBack, report);
    await client.query('COMMIT');
  }
  const analyzeStartedAt = performance.now();
  await client.query('ANALYZE inventory_items, inventory_movements, inventory_facet_counts');
  report(`ANALYZE: ${seconds(analyzeStartedAt)}`);
  return { partners, items: progress.items, movements: progress.movements };
}

async function putBackIndexes(client: pg.Client, putBack: string[], report: Report) {
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const statement of putBack) {
    const at = performance.now();
    await client.query(statement);
    report(`${statement.replace(/ ON .*| (FOREIGN KEY|REFERENCES) .*/, '')}: ${seconds(at)}`);
  }
}

/** The scale partners that hold no claim yet, by number. */
async function partnersWithoutClaims(client: pg.Client): Promise<ScalePartner[]> {
  const { rows } = await client.query<{ id: string; slug: string }>(
    `SELECT p.id, p.slug FROM partners p
      WHERE p.slug ~ '^scale-[0-9]+$'
        AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.partner_id = p.id)`,
  );
  return rows
    .map((row) => {
      const number = Number(SCALE_SLUG.exec(row.slug)?.[1] ?? 0);
      return { id: row.id, slug: row.slug, number, email: scaleMemberEmail(row.slug) };
    })
    .sort((a, b) => a.number - b.number);
}

/**
 * The partners' claims (scale-claims.ts): into an empty claims table, one transaction with its
 * indexes and foreign keys aside; otherwise a transaction per partner.
 */
async function loadClaims(
  client: pg.Client,
  partners: readonly ScalePartner[],
  options: ScaleDataOptions,
  report: Report,
): Promise<ScaleClaimsResult> {
  const wanted = partners.map((_partner, index) =>
    index === 0 ? options.firstPartnerClaims : options.claimsPerPartner,
  );
  if (wanted.every((n) => n === 0)) return { claims: 0, events: 0 };
  const reviewer = await scaleReviewer(client, await hashPassword(DEMO_PASSWORD));
  const { rows: empty } = await client.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM claims) AND NOT EXISTS (SELECT 1 FROM claim_events) AS empty`,
  );
  const bulk = empty[0]?.empty === true;
  if (bulk) await client.query('BEGIN');
  const putBack = bulk ? await setIndexesAside(client, CLAIM_TABLES) : [];
  if (bulk) report(`Claims: ${putBack.length} indexes and foreign keys set aside until the end`);
  const done: ScaleClaimsResult = { claims: 0, events: 0 };
  for (const [index, partner] of partners.entries()) {
    const claims = wanted[index] ?? 0;
    if (claims === 0) continue;
    const { rows } = await client.query<{ currency: string; time_zone: string }>(
      `SELECT currency, time_zone FROM partners WHERE id = $1`,
      [partner.id],
    );
    const { rows: editors } = await client.query<{ user_id: string }>(
      `SELECT user_id FROM memberships WHERE partner_id = $1 AND role IN ('manager', 'admin')
        ORDER BY user_id`,
      [partner.id],
    );
    const startedAt = performance.now();
    let lastReport = startedAt;
    if (!bulk) await client.query('BEGIN');
    const written = await writeScaleClaims(
      client,
      {
        id: partner.id,
        slug: partner.slug,
        currency: rows[0]?.currency ?? 'EUR',
        timeZone: rows[0]?.time_zone ?? 'UTC',
        claims,
      },
      { editors: editors.map((row) => row.user_id), reviewers: [reviewer] },
      options.seed,
      options.now,
      options.method,
      (claimsSoFar, events) => {
        const at = performance.now();
        if (at - lastReport < 2_000 && claimsSoFar < claims) return;
        lastReport = at;
        const elapsed = (at - startedAt) / 1_000;
        report(
          `${partner.slug}: ${count(claimsSoFar)} claims, ${count(events)} events${claimsSoFar === claims ? ' (done)' : ''}, ` +
            `${elapsed.toFixed(1)} s, ${count(Math.round((claimsSoFar + events) / elapsed))} rows/s`,
        );
      },
    );
    if (!bulk) await client.query('COMMIT');
    done.claims += written.claims;
    done.events += written.events;
  }
  if (bulk) {
    await putBackIndexes(client, putBack, report);
    await client.query('COMMIT');
  }
  const analyzeStartedAt = performance.now();
  await client.query('ANALYZE claims, claim_events, claim_counts');
  report(`ANALYZE claims: ${seconds(analyzeStartedAt)}`);
  return done;
}
