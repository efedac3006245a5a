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

export class HealthStatus {
  @ApiProperty({ example: 'ok', enum: ['ok'] })
  status!: 'ok';
}

const READINESS_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Public()
@Controller('api/health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(private readonly db: Database) {}

  @Get('live')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: the process answers.', operationId: 'getLiveness' })
  @ApiOkResponse({ type: HealthStatus })
  live(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  @ApiOperation({ summary: 'Readiness: the database answers.', operationId: 'getReadiness' })
  @ApiOkResponse({ type: HealthStatus })
  @ApiServiceUnavailableResponse({
    type: ProblemDetails,
    description: 'The database does not answer.',
  })
  async ready(): Promise<HealthStatus> {
    try {
      await withTimeout(this.db.execute(sql`SELECT 1`), READINESS_TIMEOUT_MS);
      return { status: 'ok' };
    } catch (error) {
      this.logger.warn({ err: error }, 'Readiness check failed: the database does not answer');
      throw new ProblemException(503, 'unavailable', 'The database does not answer.');
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
