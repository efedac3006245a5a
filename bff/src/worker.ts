import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigValidationError, loadConfig } from './config/app-config.js';
import { JobQueue } from './jobs/job-queue.js';

/**
 * `node bff/dist/worker.js`: the job queue's worker without the HTTP server (docs/operations.md, Jobs),
 * for a deployment that runs the BFF with `WORKER=off`, or more workers beside it. The same settings
 * as the BFF; it runs the jobs whatever WORKER says. SIGTERM or SIGINT: the running jobs finish (up to
 * 30 s), the rest go back to the queue.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      console.error(`The partner portal worker refuses to start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  JobQueue.forceWorker = true;
  const app = await createApp(config);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.init();
  app.flushLogs();
  new Logger('Worker').log('Partner portal worker running');
}

main().catch((error: unknown) => {
  console.error('The partner portal worker failed to start:', error);
  process.exit(1);
});
