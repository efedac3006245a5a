import { Controller, Get, HttpCode, Logger } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '#src/auth/decorators/public.decorator.js';
import { ProblemDetails, ProblemException } from '#src/common/problem-details.js';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { outages } from '#src/common/outage.js';
import { JobQueue } from '#src/jobs/job-queue.js';
import { ShutdownState } from './shutdown.js';

export class HealthStatus {
  @ApiProperty({ example: 'ok', enum: ['ok'] })
  status!: 'ok';
}

/** The job queue's jobs not yet done (docs/operations.md, Jobs). */
export class JobCountsDto {
  @ApiProperty({ description: 'Waiting for their first attempt, or running.', example: 0 })
  pending!: number;

  @ApiProperty({ description: 'Failed at least once, waiting for a retry.', example: 0 })
  failed!: number;

  @ApiProperty({ description: 'Failed every attempt: no retry left (kept 7 days).', example: 0 })
  dead!: number;
}

export class ReadinessStatus extends HealthStatus {
  @ApiProperty({
    type: JobCountsDto,
    nullable: true,
    description:
      'The job counts; null when they could not be read in time (readiness is the database only).',
  })
  jobs!: JobCountsDto | null;
}

const READINESS_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Public()
@Controller('api/health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('live')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: the process answers.', operationId: 'getLiveness' })
  @ApiOkResponse({ type: HealthStatus })
  live(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Readiness: the database answers; with the counts of unfinished jobs.',
    operationId: 'getReadiness',
  })
  @ApiOkResponse({ type: ReadinessStatus })
  @ApiServiceUnavailableResponse({
    type: ProblemDetails,
    description:
      'The database does not answer, or the instance is shutting down (it still serves requests for a moment).',
  })
  async ready(): Promise<ReadinessStatus> {
    if (this.shutdown.isDraining) {
      throw new ProblemException(503, 'unavailable', 'The instance is shutting down.');
    }
    const checkedAt = Date.now();
    try {
      await withTimeout(this.db.execute(sql`SELECT 1`), READINESS_TIMEOUT_MS);
    } catch (error) {
      // A balancer asks every second: one line for the outage, not one per check.
      outages.record('database', error, checkedAt);
      throw new ProblemException(503, 'unavailable', 'The database does not answer.');
    }
    outages.recovered('database');
    // The counts inform; they never make the instance unready (503 is for the database alone).
    let jobs: JobCountsDto | null = null;
    try {
      jobs = await withTimeout(this.jobs.counts(), READINESS_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn({ err: error }, 'The job counts could not be read');
    }
    return { status: 'ok', jobs };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
