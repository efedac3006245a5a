import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { TypeOrmLogger } from './typeorm-logger.js';

/** Connections per process to an external PostgreSQL. */
export const POOL_SIZE = 10;
/**
 * One: PGlite is a single session behind its socket server, which queues the protocol messages of all
 * its connections one by one. Two connections' unnamed statements would overwrite each other between
 * Parse and Bind (a Bind whose message arrives in chunks lets the other connection's Parse in first):
 * an error, or another statement's rows (`embedded-start.e2e-spec.ts`). PGlite runs one statement at a
 * time anyway, so one connection costs no throughput; nothing holds it while waiting for another.
 */
export const EMBEDDED_POOL_SIZE = 1;

export interface DataSourceSettings {
  url: string;
  poolSize: number;
  /** Run pending migrations when the data source initialises (the application does; tools decide). */
  migrationsRun: boolean;
  /** How long to wait for a connection (a new one, or one of the pool's); 10 s unless given. */
  connectTimeoutMs?: number;
}

/**
 * The one description of the database for the application, the migration CLI and the tests. The schema
 * comes only from migrations: never `synchronize`, and TypeORM installs no extension by itself.
 */
export function dataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsRun: settings.migrationsRun,
    migrationsTransactionMode: 'each',
    synchronize: false,
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    poolSize: settings.poolSize,
    connectTimeoutMS: settings.connectTimeoutMs ?? 10_000,
    maxQueryExecutionTime: 1_000,
    logger: new TypeOrmLogger(),
    logging: ['error', 'warn', 'migration'],
  };
}
