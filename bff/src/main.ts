import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { type AppConfig, ConfigValidationError, loadConfig } from './config/app-config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './database/seed/demo-data.js';
import { stopGracefullyOnSignals } from './health/shutdown.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      console.error(`The partner portal BFF refuses to start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function announce(config: AppConfig, readyMs: number): void {
  const logger = new Logger('Main');
  const demoSignIns = config.seedDemoData
    ? DEMO_USERS.map((user) => ({ email: user.email, access: user.access }))
    : undefined;
  logger.log(
    { url: config.publicUrl, readyMs, demoSignIns },
    `Partner portal ready at ${config.publicUrl} in ${readyMs} ms`,
  );

  const lines = [`\n  Partner portal ready at ${config.publicUrl} (${readyMs} ms)`];
  if (demoSignIns !== undefined) {
    lines.push(`  Demo sign-ins, password "${DEMO_PASSWORD}":`);
    for (const user of demoSignIns) lines.push(`    ${user.email.padEnd(26)} ${user.access}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await createApp(config);
  stopGracefullyOnSignals(app, config.shutdownDrainSeconds);
  await app.listen({ port: config.port, host: config.host });
  app.flushLogs();
  announce(config, Math.round(performance.now()));
}

main().catch((error: unknown) => {
  console.error('The partner portal BFF failed to start:', error);
  process.exit(1);
});
