import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { DataSource, type EntityManager, QueryFailedError, type QueryRunner } from 'typeorm';
import { isDatabaseUnavailable, outages } from '../common/outage.js';
import type { Row } from './table.js';

/** A statement to send: `sql\`…\`` (sql.ts), or text and values built elsewhere (the list machinery). */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** Statement names kept per process (each a hash of its text): far more than the BFF's statements. */
const MAX_NAMES = 5_000;

/**
 * The one runner of the BFF's hand-written SQL (docs/decisions.md, Data access): statements built with
 * `sql` (sql.ts) and read with a table's or a statement's reader (table.ts), on the driver's pg Pool,
 * or on the connection of the caller's transaction (its TypeORM EntityManager, so that code still
 * on TypeORM and code on this runner share one transaction).
 *
 * Every statement is sent as a named (prepared) statement, its name a hash of its text, so that
 * PostgreSQL parses and plans it once per connection rather than on every request; unnamed when
 * `DATABASE_PREPARED_STATEMENTS=false` (a pooler in transaction mode without prepared statements,
 * such as PgBouncer 1.18) and on the embedded database (its connections share one session). Errors
 * come as TypeORM's `QueryFailedError`, like TypeORM's own statements'.
 */
export class Database {
  private readonly names = new Map<string, string>();
  /** The request's own transaction, when one holds it (`within`): cleared when that transaction ends. */
  private readonly ambient = new AsyncLocalStorage<{ manager: EntityManager | undefined }>();
  /** A statement slower than this is logged (TypeORM's `maxQueryExecutionTime`, data-source-options.ts). */
  private readonly slowMs: number;

  /**
   * Provided by DatabaseModule for the application's DataSource (`prepared` from the settings); for
   * any other DataSource (a tool, a unit spec), `databaseOf` makes an unprepared one.
   */
  constructor(
    readonly dataSource: DataSource,
    /** Whether statements are sent named (prepared once per connection). */
    readonly prepared: boolean,
    /**
     * How long a statement may take before its request is answered 503 (`DATABASE_TIMEOUT_MS`):
     * measured by the client, so that a frozen server holds no request longer. Unset: no limit.
     */
    readonly timeoutMs?: number,
  ) {
    this.slowMs = dataSource.options.maxQueryExecutionTime ?? Number.POSITIVE_INFINITY;
    runners.set(dataSource, this);
  }

  /** Every row of the statement, each read with `read`. */
  async rows<T>(statement: Statement, read: (row: Row) => T, on?: EntityManager): Promise<T[]> {
    return (await this.query(statement, on)).rows.map(read);
  }

  /** The statement's one row; throws when it returned none or several. */
  async one<T>(statement: Statement, read: (row: Row) => T, on?: EntityManager): Promise<T> {
    const rows = (await this.query(statement, on)).rows;
    if (rows.length !== 1)
      throw new Error(`Expected one row, got ${rows.length}: ${statement.text}`);
    return read(rows[0] as Row);
  }

  /** The statement's row, undefined when it returned none; throws when it returned several. */
  async maybeOne<T>(
    statement: Statement,
    read: (row: Row) => T,
    on?: EntityManager,
  ): Promise<T | undefined> {
    const rows = (await this.query(statement, on)).rows;
    if (rows.length > 1)
      throw new Error(`Expected at most one row, got ${rows.length}: ${statement.text}`);
    return rows.length === 0 ? undefined : read(rows[0] as Row);
  }

  /** Runs a statement for its effect: the number of rows it changed (or returned). */
  async execute(statement: Statement, on?: EntityManager): Promise<number> {
    return (await this.query(statement, on)).rowCount ?? 0;
  }

  /** The raw rows of a statement: for machinery that reads them itself (the list's keys). */
  async raw(statement: Statement, on?: EntityManager): Promise<Row[]> {
    return (await this.query(statement, on)).rows;
  }

  /**
   * The rows of SQL written by a library, not by the BFF (the job queue's pg-boss, `jobs/job-queue.ts`):
   * always sent unnamed, since its text is not ours to keep a name for; without values it goes as a
   * simple query, which may hold several statements (pg-boss's `BEGIN; …; COMMIT`).
   */
  async foreign(text: string, values: readonly unknown[], on?: EntityManager): Promise<Row[]> {
    return (await this.query({ text, values }, on, false, false)).rows;
  }

  /**
   * Runs `work` in one transaction (READ COMMITTED); its statements take the EntityManager it is given.
   * The manager is TypeORM's, so repositories not (yet) on this runner join the same transaction.
   * BEGIN and COMMIT go through this runner, bounded by its timeout like every statement; when the
   * database stops answering, the connection is closed rather than sent a ROLLBACK that would wait
   * for it too (the server rolls back a transaction whose connection is gone).
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore()?.manager;
    // Inside a request's own transaction (`within`), a savepoint of it: rolled back alone on an error.
    if (outer !== undefined) return outer.transaction(work);
    return this.inOwnTransaction(work);
  }

  /**
   * Opens a transaction the caller ends itself (`commit` or `rollback`): for work that spans more than
   * one call, such as a request's own transaction (the Idempotency-Key's). Prefer `transaction`.
   */
  async open(): Promise<OpenTransaction> {
    const runner = this.dataSource.createQueryRunner();
    // TypeORM's bookkeeping, as if it had begun it: a nested `manager.transaction` is a savepoint.
    const state = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
    let ended = false;
    const end = async (failure?: unknown): Promise<void> => {
      if (ended) return;
      ended = true;
      state.isTransactionActive = false;
      state.transactionDepth = 0;
      if (failure !== undefined && isDatabaseUnavailable(failure)) {
        // pg-pool closes it: the server rolls back a transaction whose connection is gone.
        await (runner as unknown as BreakableRunner).releasePostgresConnection(asError(failure));
      } else {
        await runner.release();
      }
    };
    try {
      await this.query(BEGIN, runner.manager, false);
    } catch (error) {
      await end(error);
      throw error;
    }
    state.isTransactionActive = true;
    state.transactionDepth = 1;
    return {
      manager: runner.manager,
      commit: async () => {
        if (ended) throw new Error('The transaction has ended');
        try {
          await this.query(COMMIT, runner.manager, false);
        } catch (error) {
          await end(error);
          throw error;
        }
        await end();
      },
      rollback: async (cause?: unknown) => {
        if (ended) return;
        if (cause === undefined || !isDatabaseUnavailable(cause)) {
          await this.query(ROLLBACK, runner.manager, false).catch(() => undefined);
        }
        await end(cause);
      },
    };
  }

  /**
   * Runs `work` (and whatever it starts) inside the transaction of `manager`: its statements without
   * a manager of their own and its `transaction`s (savepoints) join it, so that the caller commits or
   * rolls back all of it at once (the Idempotency-Key's answer with the change it stands for:
   * docs/decisions.md, Idempotency keys). `end()` detaches it: work still running after it (a timer
   * started inside) goes back to the pool. SQL written by a library (`foreign`) never joins it.
   */
  within<T>(manager: EntityManager, work: () => T): { result: T; end: () => void } {
    const store: { manager: EntityManager | undefined } = { manager };
    const result = this.ambient.run(store, work);
    return {
      result,
      end: () => {
        store.manager = undefined;
      },
    };
  }

  private async inOwnTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const transaction = await this.open();
    let result: T;
    try {
      result = await work(transaction.manager);
    } catch (error) {
      await transaction.rollback(error);
      throw error;
    }
    await transaction.commit();
    return result;
  }

  /** The name a statement is prepared under: a hash of its text (stable across processes). */
  nameOf(text: string): string {
    let name = this.names.get(text);
    if (name === undefined) {
      name = `s_${createHash('sha1').update(text).digest('base64url')}`;
      if (this.names.size >= MAX_NAMES) this.names.clear();
      this.names.set(text, name);
    }
    return name;
  }

  private async query(
    statement: Statement,
    on: EntityManager | undefined,
    prepared = this.prepared,
    /** Whether a statement without `on` joins the request's transaction (`within`). */
    ambient = true,
  ): Promise<pg.QueryResult<Row>> {
    const began = Date.now();
    const runner = (on ?? (ambient ? this.ambient.getStore()?.manager : undefined))?.queryRunner;
    const client = runner !== undefined ? await clientOf(runner) : this.pool();
    const { text } = statement;
    const values = statement.values as unknown[];
    if (this.dataSource.subscribers.length > 0) this.announce(text, values, runner);
    const config: pg.QueryConfig & { query_timeout?: number } = prepared
      ? { name: this.nameOf(text), text, values }
      : values.length === 0
        ? { text }
        : { text, values };
    if (this.timeoutMs !== undefined) config.query_timeout = this.timeoutMs;
    const startedAt = performance.now();
    try {
      const result = await client.query<Row>(config);
      const duration = performance.now() - startedAt;
      // A statement held up by an outage is the outage's, not a slow statement of its own.
      if (outages.isDown('database')) outages.recovered('database');
      else if (duration > this.slowMs && !outages.wasDownSince('database', Date.now() - duration)) {
        this.dataSource.logger.logQuerySlow(duration, text, values);
      }
      return result;
    } catch (error) {
      const failure = asError(error);
      // A database that does not answer is one outage, logged once (common/outage.ts), not a line
      // per statement; other failures are logged as TypeORM logs its own (without the values).
      if (isDatabaseUnavailable(failure)) outages.record('database', failure, began);
      else this.dataSource.logger.logQueryError(failure, text, values);
      throw new QueryFailedError(text, values, failure);
    }
  }

  /** TypeORM's subscribers see these statements as they see its own (the tests' tenant-scope check). */
  private announce(query: string, parameters: unknown[], runner: QueryRunner | undefined): void {
    for (const subscriber of this.dataSource.subscribers) {
      subscriber.beforeQuery?.({
        dataSource: this.dataSource,
        connection: this.dataSource,
        queryRunner: runner as QueryRunner,
        manager: runner?.manager ?? this.dataSource.manager,
        query,
        parameters,
      });
    }
  }

  private pool(): pg.Pool {
    return driverPool(this.dataSource);
  }
}

const BEGIN: Statement = { text: 'BEGIN', values: [] };
const COMMIT: Statement = { text: 'COMMIT', values: [] };
const ROLLBACK: Statement = { text: 'ROLLBACK', values: [] };

/** A transaction opened by `Database.open`: its statements take `manager`; it ends with one of the two. */
export interface OpenTransaction {
  readonly manager: EntityManager;
  commit(): Promise<void>;
  /** Rolls back; with a `cause` that says the database is unavailable, closes the connection instead. */
  rollback(cause?: unknown): Promise<void>;
}

/** TypeORM's PostgreSQL query runner can hand its connection back as broken: pg-pool closes it. */
interface BreakableRunner {
  releasePostgresConnection(error?: Error): Promise<void>;
}

/** By shape, not `instanceof`: a socket's error comes from another realm under jest's module VM. */
function asError(error: unknown): Error {
  return typeof error === 'object' && error !== null && 'message' in error
    ? (error as Error)
    : new Error(String(error));
}

/** The Database of a DataSource, for machinery given only the DataSource (the list's query builders). */
const runners = new WeakMap<DataSource, Database>();

/** The Database of `dataSource`: the application's, or an unprepared one for a DataSource of its own. */
export function databaseOf(dataSource: DataSource): Database {
  return runners.get(dataSource) ?? new Database(dataSource, false);
}

/** The pg Pool under TypeORM's PostgreSQL driver (its public `master`). */
export function driverPool(dataSource: DataSource): pg.Pool {
  const pool: unknown = (dataSource.driver as { master?: unknown }).master;
  if (typeof pool !== 'object' || pool === null || !('query' in pool)) {
    throw new Error('The BFF needs TypeORM’s PostgreSQL driver and its pg Pool');
  }
  return pool as pg.Pool;
}

/** The pg client of a transaction's query runner (connected by the transaction). */
async function clientOf(runner: QueryRunner): Promise<pg.PoolClient> {
  const client: unknown = await runner.connect();
  if (typeof client !== 'object' || client === null || !('query' in client)) {
    throw new Error('The transaction has no pg client');
  }
  return client as pg.PoolClient;
}
