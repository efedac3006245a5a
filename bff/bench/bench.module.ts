import { randomUUID } from 'node:crypto';
import { Controller, Get, Module, Param, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiExcludeController } from '@nestjs/swagger';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { Public } from '../src/auth/decorators/public.decorator.js';
import { ProblemException } from '../src/common/problem-details.js';
import { KeysNever } from '../src/auth/decorators/scopes.decorator.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../src/partners/decorators/current-partner.decorator.js';
import { PartnerController } from '../src/partners/decorators/partner-controller.decorator.js';
import { Membership } from '../src/partners/membership.entity.js';
import { Partner } from '../src/partners/partner.entity.js';
import { PARTNER_ACCESS_SQL } from '../src/partners/partners.repository.js';
import { User } from '../src/users/user.entity.js';
import { queryCounter, type RecordedStatement } from './query-counter.js';
import { replay, type ReplayedStatement, toReplay, without } from './replay.js';

interface Answer {
  ok: true;
}

/** The statements of the last recording (GET /api/bench/statements/stop), for the replay routes. */
let recorded: ReplayedStatement[] = [];

/**
 * (a) the trivial handler, public; (d) the same plus one database round trip: the partner guard's own
 * statement, sent the ordinary way (dataSource.query, unprepared). (c) − (b) ≤ (d) − (a) says that the
 * partner chain costs its one round trip and nothing more.
 */
@ApiExcludeController()
@Public()
@Controller('api/bench')
class PublicBenchController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('public')
  public(): Answer {
    return { ok: true };
  }

  @Get('round-trip/:userId')
  async roundTrip(@Param('userId') userId: string): Promise<Answer> {
    await this.dataSource.query(PARTNER_ACCESS_SQL, [userId, 'acme-outdoor', randomUUID()]);
    return { ok: true };
  }

  /** (e) what the guard's statement replaces: the same facts by three TypeORM Repository lookups. */
  @Get('repository-lookups/:userId')
  async repositoryLookups(@Param('userId') userId: string): Promise<Answer> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    const partner = await this.dataSource
      .getRepository(Partner)
      .findOneBy({ slug: 'acme-outdoor' });
    if (user !== null && partner !== null) {
      await this.dataSource
        .getRepository(Membership)
        .findOneBy({ partnerId: partner.id, userId: user.id });
    }
    return { ok: true };
  }

  @Get('queries')
  queries(): { count: number; rows: number } {
    return { count: queryCounter.count, rows: queryCounter.rows };
  }

  /** The server's memory by kind (bench:csv samples it to tell heap from buffers). */
  @Get('memory')
  memory(): NodeJS.MemoryUsage {
    return process.memoryUsage();
  }

  /**
   * The server's memory right after a full collection (bench:soak, once a minute): what the process
   * holds, without the garbage not yet collected. Needs node's `--expose-gc`; 409 without it.
   */
  @Get('memory/collected')
  async collected(): Promise<NodeJS.MemoryUsage> {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc === undefined) {
      throw new ProblemException(409, 'conflict', 'Start the bench server with --expose-gc.');
    }
    gc();
    // V8 hands the pages a collection freed back to the system a moment later (read at once, the RSS
    // was once the minute's peak): wait a second, collect again, then read.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    gc();
    return process.memoryUsage();
  }

  /** Starts recording the statements sent from now on (bench:inventory replays a request's SQL). */
  @Get('statements/start')
  startRecording(): Answer {
    queryCounter.recording = [];
    return { ok: true };
  }

  /** Stops recording and answers what was sent since `statements/start`; the replay routes send it. */
  @Get('statements/stop')
  stopRecording(): { statements: RecordedStatement[] } {
    const statements = queryCounter.recording ?? [];
    queryCounter.recording = undefined;
    recorded = toReplay(statements);
    return { statements };
  }

  /**
   * The last recording's statements, replayed through TypeORM's raw path (`dataSource.query`) behind
   * a public route: a request's SQL in the application's framework, without its auth or its code.
   */
  @Get('replay')
  replay(): Promise<unknown[][]> {
    return replay(recorded, (text, values) => this.dataSource.query(text, values));
  }

  /** The same on TypeORM's pg Pool directly: the framework's cost without TypeORM's query path. */
  @Get('replay-pool')
  replayPool(): Promise<unknown[][]> {
    const pool = (this.dataSource.driver as unknown as { master: pg.Pool }).master;
    return replay(recorded, async (text, values) => (await pool.query(text, values)).rows);
  }
}

/**
 * (b) the trivial handler behind JWT verification alone (no account lookup): public for the global JWT
 * guard, behind passport's own `jwt` guard (the application's strategy) instead.
 */
@ApiExcludeController()
@Public()
@UseGuards(AuthGuard('jwt'))
@Controller('api/bench')
class JwtBenchController {
  @Get('jwt')
  jwt(): Answer {
    return { ok: true };
  }
}

/** (c) the trivial handler behind the whole chain of a partner route (JWT, CSRF, partner guard). */
@ApiExcludeController()
@PartnerController('bench')
@KeysNever()
class PartnerBenchController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  partner(@CurrentPartner() context: PartnerContext): Answer & { partner: string } {
    return { ok: true, partner: context.partner.slug };
  }

  /** The last recording's statements behind the partner chain, less the guard's (the guard sent it). */
  @Get('replay')
  replay(): Promise<unknown[][]> {
    const statements = without(recorded, (statement) => statement.text === PARTNER_ACCESS_SQL);
    return replay(statements, (text, values) => this.dataSource.query(text, values));
  }
}

/** The benchmark's routes: registered only in this module, which only bench/server.ts loads. */
@Module({ controllers: [PublicBenchController, JwtBenchController, PartnerBenchController] })
export class BenchModule {}
