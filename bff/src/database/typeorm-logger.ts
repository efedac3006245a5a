import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLoggerInterface } from 'typeorm';
import { outages } from '../common/outage.js';

/** Sends TypeORM's own messages (errors, slow queries, migrations) to the application logger. */
export class TypeOrmLogger implements TypeOrmLoggerInterface {
  private readonly logger = new Logger('Database');

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    this.logger.warn({ err: error, query }, 'Query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ durationMs: time, query }, 'Slow query');
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    // An idle connection the server dropped (stopped, restarted): part of an outage, logged once.
    if (level === 'warn' && String(message).startsWith('Postgres pool raised an error')) {
      outages.record('database', new Error(String(message)));
    } else if (level === 'warn') this.logger.warn(message);
    else this.logger.log(message);
  }
}
