import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { BFF_PACKAGE_DIR, loadConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { DatabaseEndpoint } from './database-endpoint.js';

const USAGE = `Usage: migration-cli <run | revert | show | generate <name>>
  run        apply every pending migration
  revert     undo the last applied migration
  show       list the migrations and whether each is applied
  generate   write src/database/migrations/<timestamp>-<name>.ts from the difference between the
             entities and the (fully migrated) database; then add it to migrations/index.ts`;

function migrationSource(className: string, up: string[], down: string[]): string {
  const literal = (sql: string) => `\`${sql.replace(/[`\\]|\$\{/g, (match) => `\\${match}`)}\``;
  const lines = (queries: string[]) =>
    queries.map((query) => `    await queryRunner.query(${literal(query)});`).join('\n');
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines(down)}
  }
}
`;
}

async function generate(dataSource: DataSource, name: string | undefined): Promise<void> {
  if (name === undefined || !/^[a-z][a-z0-9-]*$/.test(name)) {
    throw new Error('generate needs a name in kebab-case, e.g. generate add-claims');
  }
  if (await dataSource.showMigrations())
    throw new Error('Apply the pending migrations first (run).');
  const sql = await dataSource.driver.createSchemaBuilder().log();
  if (sql.upQueries.length === 0) {
    process.stdout.write('The database already matches the entities: nothing to generate.\n');
    return;
  }
  const timestamp = Date.now();
  const className = `${name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}${timestamp}`;
  const file = path.join(
    BFF_PACKAGE_DIR,
    'src',
    'database',
    'migrations',
    `${timestamp}-${name}.ts`,
  );
  const up = sql.upQueries.map((query) => query.query);
  const down = sql.downQueries.map((query) => query.query).reverse();
  await writeFile(file, migrationSource(className, up, down));
  process.stdout.write(
    `Wrote ${path.relative(process.cwd(), file)}: review it, then add ${className} to migrations/index.ts\n`,
  );
}

/** Migrations by hand, against DATABASE_URL or (unset) the embedded database in DATA_DIR. */
async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (!['run', 'revert', 'show', 'generate'].includes(command ?? '')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const endpoint = await DatabaseEndpoint.open(loadConfig());
  const dataSource = new DataSource(
    dataSourceOptions({ url: endpoint.url, poolSize: 2, migrationsRun: false }),
  );
  try {
    await dataSource.initialize();
    if (command === 'run') {
      const applied = await dataSource.runMigrations();
      process.stdout.write(
        `Applied ${applied.length} migration(s)${applied.map((m) => `\n  ${m.name}`).join('')}\n`,
      );
    } else if (command === 'revert') {
      await dataSource.undoLastMigration();
    } else if (command === 'show') {
      await dataSource.showMigrations();
    } else {
      await generate(dataSource, name);
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await endpoint.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
