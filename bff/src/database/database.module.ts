import { Global, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { Database } from './database.js';
import { DatabaseEndpoint } from './database-endpoint.js';
import { DemoDataLoader } from './seed/demo-data.loader.js';

/** Opens the database endpoint (starting the embedded PostgreSQL when there is no DATABASE_URL). */
@Global()
@Module({
  providers: [
    {
      provide: DatabaseEndpoint,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => DatabaseEndpoint.open(config),
    },
  ],
  exports: [DatabaseEndpoint],
})
class DatabaseEndpointModule {}

/**
 * The database of the application: TypeORM on PostgreSQL, schema from migrations run at start, demo
 * data for the embedded default. On shutdown the pool closes first, then the embedded database.
 */
@Global()
@Module({
  imports: [
    DatabaseEndpointModule,
    TypeOrmModule.forRootAsync({
      inject: [DatabaseEndpoint, AppConfig],
      useFactory: (endpoint: DatabaseEndpoint, config: AppConfig) => ({
        ...dataSourceOptions({
          url: endpoint.url,
          poolSize: endpoint.poolSize,
          migrationsRun: true,
          // A request waits this long for a connection before it is answered 503 (docs/operations.md);
          // the embedded database's one connection is everyone's, so waiting for it is normal there.
          connectTimeoutMs: endpoint.isEmbedded ? undefined : config.databaseTimeoutMs,
        }),
        // A database that starts beside the BFF gets ten seconds; after that the start fails loudly.
        retryAttempts: 5,
        retryDelay: 2_000,
      }),
    }),
  ],
  providers: [
    DemoDataLoader,
    {
      provide: Database,
      inject: [DataSource, AppConfig, DatabaseEndpoint],
      useFactory: (dataSource: DataSource, config: AppConfig, endpoint: DatabaseEndpoint) =>
        new Database(
          dataSource,
          config.databasePreparedStatements && !endpoint.isEmbedded,
          // Statements on the embedded database are this process's own work: no server to freeze.
          endpoint.isEmbedded ? undefined : config.databaseTimeoutMs,
        ),
    },
  ],
  exports: [Database],
})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly endpoint: DatabaseEndpoint,
    private readonly dataSource: DataSource,
  ) {}

  // Runs before TypeORM's own hook (this module is nearer the root): the pool must close before the
  // embedded server it is connected to.
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.endpoint.close();
    if (this.endpoint.isEmbedded) this.logger.log('Embedded PostgreSQL stopped');
  }
}
