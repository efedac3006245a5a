import { type DynamicModule, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { loggingModule } from './common/logging.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClaimsModule } from './claims/claims.module.js';
import { HealthModule } from './health/health.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { OverviewModule } from './overview/overview.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { MailModule } from './mail/mail.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { StaffModule } from './staff/staff.module.js';
import { UsersModule } from './users/users.module.js';
import { WebModule } from './web/web.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

export interface AppModuleOptions {
  config: AppConfig;
  /** Where the logs go (stdout when omitted); tests capture them. */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options.config),
        loggingModule(options.config, options.logDestination),
        DatabaseModule,
        AuditModule,
        JobsModule,
        MailModule,
        UsersModule,
        // Before PartnersModule: the global guards run in module order (JWT, CSRF, then the partner guard).
        AuthModule,
        HealthModule,
        IdempotencyModule,
        PartnersModule,
        InvitationsModule,
        InventoryModule,
        ClaimsModule,
        AnalyticsModule,
        OverviewModule,
        StaffModule,
        ApiKeysModule,
        NotificationsModule,
        WebhooksModule,
        // Last: its catch-all page route must come after every API route.
        WebModule,
      ],
    };
  }
}
