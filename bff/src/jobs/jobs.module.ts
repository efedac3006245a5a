import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

/** The job queue (job-queue.ts): one per process, for every feature that defines jobs. */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
