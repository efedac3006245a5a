import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AuditService } from './audit.service.js';

/** The audit log and the application clock, for every feature. */
@Global()
@Module({ providers: [AuditService, Clock], exports: [AuditService, Clock] })
export class AuditModule {}
