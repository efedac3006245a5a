import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { ShutdownState } from './shutdown.js';

@Module({ controllers: [HealthController], providers: [ShutdownState], exports: [ShutdownState] })
export class HealthModule {}
