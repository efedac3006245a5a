import pg from 'pg';

/** A statement and its values; as a row, a WHERE condition on the counter table. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Two changes that each write the same two counter rows of `table` (`first`, `second`: WHERE
 * conditions on it), from opposite directions: what a claim going in_review → info_requested and
 * another going back do to `claim_counts`.
 */
export interface CounterRace<Outcome> {
  table: string;
  first: Statement;
  second: Statement;
  changes: [() => Promise<Outcome>, () => Promise<Outcome>];
}

/** Polls `check` until it holds (every 10 ms, at most 10 s). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Races two changes on two counter rows with the interleaving forced, not hoped for (docs/operations.md,
 * "Deadlocks and serialization failures"): two sessions of its own hold the two rows (`FOR UPDATE`),
 * both changes start and wait, the first row is let go, and once each change waits again (or is done)
 * the second. A trigger that takes its rows in one order makes the second change wait for the first;
 * one that takes them in the order of its input deadlocks whenever the two changes' orders differ
 * (40P01: one of them fails). Waiting sessions are seen in `pg_stat_activity` (whoever runs the
 * changes: a client of the test or the application's pool), so the database must be the test's own.
 */
export class CounterRacer {
  private constructor(
    private readonly observer: pg.Client,
    private readonly holdFirst: pg.Client,
    private readonly holdSecond: pg.Client,
    private readonly pids: { first: number; second: number },
  ) {}

  static async connect(url: string): Promise<CounterRacer> {
    const clients: pg.Client[] = [];
    for (let index = 0; index < 3; index += 1) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      clients.push(client);
    }
    const [observer, holdFirst, holdSecond] = clients as [pg.Client, pg.Client, pg.Client];
    const pid = async (client: pg.Client) =>
      (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
    return new CounterRacer(observer, holdFirst, holdSecond, {
      first: await pid(holdFirst),
      second: await pid(holdSecond),
    });
  }

  async close(): Promise<void> {
    for (const client of [this.observer, this.holdFirst, this.holdSecond]) await client.end();
  }

  /** The outcomes of the two changes, in their order. */
  async race<Outcome>({ table, first, second, changes }: CounterRace<Outcome>): Promise<Outcome[]> {
    await this.hold(this.holdFirst, table, first);
    await this.hold(this.holdSecond, table, second);
    let pending = 0;
    const start = (change: () => Promise<Outcome>): Promise<Outcome> => {
      pending += 1;
      return change().finally(() => {
        pending -= 1;
      });
    };
    const outcomes: Array<Promise<Outcome>> = [];
    try {
      outcomes.push(start(changes[0]));
      await until('the first change waits', async () => (await this.waiting()).length === 1);
      outcomes.push(start(changes[1]));
      await until('the second change waits', async () => (await this.waiting()).length === 2);

      await this.holdFirst.query('COMMIT');
      await until('each change waits again, not for the first row (or is done)', async () => {
        const waiting = await this.waiting();
        const blockers = waiting.flat();
        return (
          waiting.length === pending &&
          !blockers.includes(this.pids.first) &&
          (pending === 0 || blockers.includes(this.pids.second))
        );
      });
      await this.holdSecond.query('COMMIT');
      return await Promise.all(outcomes);
    } finally {
      await this.holdFirst.query('ROLLBACK');
      await this.holdSecond.query('ROLLBACK');
    }
  }

  private async hold(client: pg.Client, table: string, row: Statement): Promise<void> {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `SELECT 1 FROM ${table} WHERE ${row.text} FOR UPDATE`,
      row.values,
    );
    if (rowCount !== 1) throw new Error(`No row of ${table} to hold: ${row.text}`);
  }

  /** What each other session of the database that waits for a lock waits for. */
  private async waiting(): Promise<number[][]> {
    const { rows } = await this.observer.query<{ blockers: number[] }>(
      `SELECT pg_blocking_pids(pid) AS blockers FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> ALL ($1::int[])
          AND cardinality(pg_blocking_pids(pid)) > 0`,
      [[this.pids.first, this.pids.second]],
    );
    return rows.map((row) => row.blockers);
  }
}
