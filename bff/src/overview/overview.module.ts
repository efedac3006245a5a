import { Module } from '@nestjs/common';
import { ListModule } from '../common/list/index.js';
import { OverviewController } from './overview.controller.js';
import { OverviewRepository } from './overview.repository.js';
import { OverviewService } from './overview.service.js';

/** A partner's overview: KPIs, the needs-attention list, recent activity (docs/api.md, Overview). */
@Module({
  imports: [ListModule],
  controllers: [OverviewController],
  providers: [OverviewRepository, OverviewService],
  // The daily digest (notifications/) lists the filing deadlines the needs-attention list computes.
  exports: [OverviewService],
})
export class OverviewModule {}
