import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { loggingModule } from './common/logging.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { HealthModule } from './health/health.module.js';
import { MailModule } from './mail/mail.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { WebModule } from './web/web.module.js';

export interface AppModuleOptions {
  config: AppConfig;
  /** Where the logs go (stdout when omitted); tests capture them. */
  logDestination?: DestinationStream;
  /** Controllers that exist only in integration tests; the application never sets it. */
  testControllers?: Type[];
  /** Modules that exist only outside the product (the benchmark's routes); never set by main.ts. */
  extraModules?: Type[];
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      controllers: options.testControllers ?? [],
      imports: [
        ConfigModule.forRoot(options.config),
        loggingModule(options.config, options.logDestination),
        DatabaseModule,
        AuditModule,
        MailModule,
        AuthModule,
        HealthModule,
        PartnersModule,
        ...(options.extraModules ?? []),
        // Last: its catch-all page route must come after every API route.
        WebModule,
      ],
    };
  }
}
