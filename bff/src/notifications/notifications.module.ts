import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module.js';
import { OverviewModule } from '../overview/overview.module.js';
import { DigestService } from './digest.service.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/**
 * A person's notification preferences per partner (`/api/me/notifications`), the check the senders of
 * claim e-mails make, and the daily digest (`DigestService.sendDue`, called by the scheduler).
 */
@Module({
  imports: [OverviewModule, InventoryModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, DigestService],
  exports: [NotificationsService, DigestService],
})
export class NotificationsModule {}
