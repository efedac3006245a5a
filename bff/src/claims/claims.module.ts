import { Module } from '@nestjs/common';
import { ListModule } from '../common/list/index.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ClaimFilingService } from './claim-filing.service.js';
import { ClaimTransitionsService } from './claim-transitions.service.js';
import { ClaimsController } from './claims.controller.js';
import { ClaimsRepository } from './claims.repository.js';
import { ClaimsService } from './claims.service.js';
import { EvidenceModule } from './evidence/evidence.module.js';

/**
 * A partner's claims: the list, its CSV and facets, filing, editing, the lifecycle, the timeline; and
 * (EvidenceModule) their evidence files.
 */
@Module({
  imports: [ListModule, EvidenceModule, NotificationsModule],
  controllers: [ClaimsController],
  providers: [ClaimsRepository, ClaimsService, ClaimFilingService, ClaimTransitionsService],
})
export class ClaimsModule {}
