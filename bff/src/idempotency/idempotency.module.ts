import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { IdempotencyService } from './idempotency.service.js';

/**
 * `Idempotency-Key` on every POST declared with `@IdempotentPost()` (docs/api.md): the global
 * interceptor, its table and the job that deletes expired keys. The answers are recorded by the
 * Fastify hook `recordIdempotentAnswers` (app.factory.ts).
 */
@Module({
  providers: [
    IdempotencyRepository,
    IdempotencyService,
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
