import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { EMBEDDED_POOL_SIZE, POOL_SIZE } from './data-source-options.js';
import { EmbeddedPostgres } from './embedded-postgres.js';

/**
 * Where the database is: the configured DATABASE_URL, or an embedded PostgreSQL started for this process
 * (data in DATA_DIR/pglite). `close()` stops the embedded one; an external server is left alone.
 */
export class DatabaseEndpoint {
  private constructor(
    readonly url: string,
    readonly poolSize: number,
    private readonly embedded: EmbeddedPostgres | undefined,
  ) {}

  get isEmbedded(): boolean {
    return this.embedded !== undefined;
  }

  static async open(config: AppConfig): Promise<DatabaseEndpoint> {
    if (config.databaseUrl !== undefined) {
      return new DatabaseEndpoint(config.databaseUrl, POOL_SIZE, undefined);
    }
    const dataDir = path.join(config.dataDir, 'pglite');
    const startedAt = performance.now();
    const embedded = await EmbeddedPostgres.start({
      dataDir,
      maxConnections: EMBEDDED_POOL_SIZE * 2 + 2,
    });
    new Logger('Database').log(
      { dataDir, durationMs: Math.round(performance.now() - startedAt) },
      `Embedded PostgreSQL (PGlite) started with its data in ${dataDir}`,
    );
    return new DatabaseEndpoint(embedded.url, EMBEDDED_POOL_SIZE, embedded);
  }

  async close(): Promise<void> {
    await this.embedded?.stop();
  }
}
