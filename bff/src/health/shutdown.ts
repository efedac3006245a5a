import { setTimeout as delay } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Whether this instance is shutting down: from the signal on, readiness answers 503 so that a balancer
 * stops sending it requests, while it still serves the ones that come (docs/operations.md, "Restarts").
 */
@Injectable()
export class ShutdownState {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  begin(): void {
    this.draining = true;
  }
}

/**
 * The graceful stop of the process (main.ts): on SIGTERM, readiness turns 503 at once and the instance
 * goes on serving for `drainSeconds` (long enough for a balancer's health check to take it out of
 * rotation), then stops accepting, lets the requests in flight finish, runs the shutdown hooks (job
 * queue, pool, embedded database) and exits 0. SIGINT (Ctrl-C at a terminal) skips the wait.
 */
export function stopGracefullyOnSignals(app: NestFastifyApplication, drainSeconds: number): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.get(ShutdownState).begin();
    const drainMs = signal === 'SIGTERM' ? drainSeconds * 1000 : 0;
    logger.log({ signal, drainMs }, 'Shutting down: readiness answers 503, requests still served');
    if (drainMs > 0) await delay(drainMs);
    try {
      // The listener first, so that the requests in flight finish before any shutdown hook runs.
      await app.getHttpAdapter().close();
      await app.close();
      logger.log('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'The shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => void stop(received));
  }
}
