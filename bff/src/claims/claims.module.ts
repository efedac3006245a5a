import { Module } from '@nestjs/common';
import { ListModule } from '../common/list/index.js';
import { ClaimsController } from './claims.controller.js';
import { ClaimsRepository } from './claims.repository.js';
import { ClaimsService } from './claims.service.js';

/** A partner's claims: the list, its CSV and facets, filing, editing, the lifecycle, the timeline. */
@Module({
  imports: [ListModule],
  controllers: [ClaimsController],
  providers: [ClaimsRepository, ClaimsService],
})
export class ClaimsModule {}
