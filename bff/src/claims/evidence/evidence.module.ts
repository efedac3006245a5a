import { Module } from '@nestjs/common';
import { ClaimAttachmentsController } from './claim-attachments.controller.js';
import { ClaimAttachmentsRepository } from './claim-attachments.repository.js';
import { ClaimAttachmentsService } from './claim-attachments.service.js';
import { EvidenceStore } from './evidence.store.js';
import { PostgresEvidenceStore } from './postgres-evidence.store.js';

/**
 * A claim's evidence files: the upload, list, download and removal routes, and the EvidenceStore
 * (PostgreSQL by default) that the claims module uses too (deleting a draft removes its files' bytes).
 */
@Module({
  controllers: [ClaimAttachmentsController],
  providers: [
    ClaimAttachmentsRepository,
    ClaimAttachmentsService,
    { provide: EvidenceStore, useClass: PostgresEvidenceStore },
  ],
  exports: [EvidenceStore, ClaimAttachmentsRepository],
})
export class EvidenceModule {}
