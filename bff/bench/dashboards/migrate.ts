import 'reflect-metadata';
import { DataSource, type Logger } from 'typeorm';
import { dataSourceOptions } from '#src/database/data-source-options.js';

/** A statement a migration sent, and how long it took. */
interface TimedStatement {
  migration: string;
  ms: number;
  text: string;
}

/**
 * Records the statements of the migrations with their times: TypeORM reports a statement slower than
 * `maxQueryExecutionTime` (1 ms here) to `logQuerySlow`, and a migration's success, after its commit,
 * to `logSchemaBuild`: the statements since the last success are that migration's.
 */
class TimingLogger implements Logger {
  readonly statements: TimedStatement[] = [];

  logQuery(): void {}
  logQueryError(): void {}
  logMigration(): void {}
  log(): void {}

  logQuerySlow(time: number, query: string): void {
    this.statements.push({ migration: '', ms: time, text: query });
  }

  logSchemaBuild(message: string): void {
    const applied = /^Migration (\S+) has been executed/.exec(message)?.[1];
    if (applied === undefined) return;
    for (const statement of this.statements) {
      if (statement.migration === '') statement.migration = applied;
    }
  }
}

/**
 * Applies the pending migrations of the database of `url` before the BFF starts (the BFF would apply
 * them itself, untimed), each in its own transaction as the BFF does, and reports how long each took
 * and its slowest statements: on a data set loaded before the dashboards' migrations, their backfills
 * (INSERT … SELECT … GROUP BY over every claim event and movement) run here.
 */
export async function applyMigrationsTimed(url: string): Promise<string[]> {
  const logger = new TimingLogger();
  const dataSource = new DataSource({
    ...dataSourceOptions({ url, poolSize: 1, migrationsRun: false }),
    maxQueryExecutionTime: 1,
    logger,
    logging: ['schema', 'migration'],
  });
  await dataSource.initialize();
  try {
    if (!(await dataSource.showMigrations())) return ['migrations: none pending'];
    const startedAt = performance.now();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const seconds = (performance.now() - startedAt) / 1000;
    const lines = [
      `migrations: ${applied.map((migration) => migration.name).join(', ')} applied in ${seconds.toFixed(1)} s`,
    ];
    for (const { name } of applied) {
      const own = logger.statements.filter((statement) => statement.migration === name);
      const total = own.reduce((sum, statement) => sum + statement.ms, 0);
      lines.push(`  ${name}: ${(total / 1000).toFixed(1)} s in ${own.length} statements; slowest:`);
      for (const statement of [...own].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
        const text = statement.text.replace(/\s+/g, ' ').trim();
        lines.push(
          `    ${(statement.ms / 1000).toFixed(1)} s: ${text.length > 150 ? `${text.slice(0, 150)}…` : text}`,
        );
      }
    }
    return lines;
  } finally {
    await dataSource.destroy();
  }
}
