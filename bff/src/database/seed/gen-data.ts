import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import {
  GenDataRefusal,
  SCALE_DATA_DEFAULTS,
  generateScaleData,
  targetDatabaseUrl,
} from './scale-data.js';

const USAGE = `Usage: pnpm --filter @partner-portal/bff gen:data -- [options]

Fills a real PostgreSQL with scale partners (scale-01, scale-02, …), one member each
(member@scale-NN.example, the demo password), generated items with 18 months of movements, and
claims with their timelines. Runs the migrations first. See docs/operations.md.

  --database-url URL         the target (default: DATABASE_URL); never the embedded default
  --partners N               partners to create (default ${SCALE_DATA_DEFAULTS.partners})
  --items-per-partner N      items of each partner (default ${SCALE_DATA_DEFAULTS.itemsPerPartner})
  --first-partner-items N    items of the first partner (default: --items-per-partner)
  --movements-per-item N     average movements per item (default ${SCALE_DATA_DEFAULTS.movementsPerItem})
  --seed TEXT                the generator's seed (default "${SCALE_DATA_DEFAULTS.seed}")
  --batch-items N            items per transaction (default ${SCALE_DATA_DEFAULTS.batchItems})
  --workers N                generator threads (default ${SCALE_DATA_DEFAULTS.workers})
  --method copy|insert       COPY (default) or multi-row INSERT … SELECT FROM unnest
  --append                   add to a database that already holds data
  --claims-per-partner N     claims of each partner (default ${SCALE_DATA_DEFAULTS.claimsPerPartner})
  --first-partner-claims N   claims of the first partner (default: --claims-per-partner)
  --claims-only              no partners, no inventory: add claims to the existing scale partners
                             without any (the lowest-numbered gets --first-partner-claims)
  --help`;

function positiveInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 1,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new GenDataRefusal(`--${name} must be an integer >= ${min}, not "${value}"`);
  }
  return parsed;
}

async function main(): Promise<void> {
  // pnpm passes the `--` that separates its own options on to the script.
  const args = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));
  const { values } = parseArgs({
    args,
    options: {
      'database-url': { type: 'string' },
      partners: { type: 'string' },
      'items-per-partner': { type: 'string' },
      'first-partner-items': { type: 'string' },
      'movements-per-item': { type: 'string' },
      seed: { type: 'string' },
      'batch-items': { type: 'string' },
      workers: { type: 'string' },
      method: { type: 'string' },
      append: { type: 'boolean', default: false },
      'claims-per-partner': { type: 'string' },
      'first-partner-claims': { type: 'string' },
      'claims-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const databaseUrl = targetDatabaseUrl(values['database-url'], process.env);
  const method = values.method ?? SCALE_DATA_DEFAULTS.method;
  if (method !== 'copy' && method !== 'insert') {
    throw new GenDataRefusal(`--method must be copy or insert, not "${method}"`);
  }
  const itemsPerPartner = positiveInteger(
    'items-per-partner',
    values['items-per-partner'],
    SCALE_DATA_DEFAULTS.itemsPerPartner,
  );
  const claimsPerPartner = positiveInteger(
    'claims-per-partner',
    values['claims-per-partner'],
    SCALE_DATA_DEFAULTS.claimsPerPartner,
    0,
  );
  // TypeORM's migration log lines go to the console as Nest logs.
  Logger.overrideLogger(['error', 'warn']);
  await generateScaleData(
    {
      databaseUrl,
      partners: positiveInteger('partners', values.partners, SCALE_DATA_DEFAULTS.partners),
      itemsPerPartner,
      firstPartnerItems: positiveInteger(
        'first-partner-items',
        values['first-partner-items'],
        itemsPerPartner,
      ),
      movementsPerItem: positiveInteger(
        'movements-per-item',
        values['movements-per-item'],
        SCALE_DATA_DEFAULTS.movementsPerItem,
      ),
      seed: values.seed ?? SCALE_DATA_DEFAULTS.seed,
      batchItems: positiveInteger(
        'batch-items',
        values['batch-items'],
        SCALE_DATA_DEFAULTS.batchItems,
      ),
      workers: positiveInteger('workers', values.workers, SCALE_DATA_DEFAULTS.workers, 0),
      method,
      append: values.append,
      claimsPerPartner,
      firstPartnerClaims: positiveInteger(
        'first-partner-claims',
        values['first-partner-claims'],
        claimsPerPartner,
        0,
      ),
      claimsOnly: values['claims-only'],
      now: new Date(),
    },
    (line) => process.stdout.write(`${line}\n`),
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof GenDataRefusal ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`gen:data: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error('gen:data failed:', error);
    process.exitCode = 1;
  }
});
