import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit log and the application clock, for every feature. */
@Global()
@Module({ providers: [AuditRepository, AuditService, Clock], exports: [AuditService, Clock] })
export class AuditModule {}
