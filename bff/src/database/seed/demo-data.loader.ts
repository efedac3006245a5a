import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '#src/config/app-config.js';
import { loadDemoData } from './demo-data.js';

/** Loads the demo data at start when SEED_DEMO_DATA is on (the embedded default); never in production. */
@Injectable()
export class DemoDataLoader implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoData');

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemoData || this.config.isProduction) return;
    const startedAt = performance.now();
    const outcome = await loadDemoData(this.dataSource);
    const durationMs = Math.round(performance.now() - startedAt);
    if (outcome === 'loaded') this.logger.log({ durationMs }, 'Demo data loaded');
    else this.logger.log('Demo data not loaded: the database already holds data');
  }
}
