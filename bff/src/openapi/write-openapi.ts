import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateOpenApiJson } from './generate-openapi.js';
import { OPENAPI_FILE } from './openapi.js';

/** `openapi`: writes bff/openapi.json. `openapi --check`: fails when the committed file is stale. */
const generated = await generateOpenApiJson();
const relative = path.relative(process.cwd(), OPENAPI_FILE);
if (process.argv.includes('--check')) {
  const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(`${relative} is stale: run pnpm --filter @partner-portal/bff openapi`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${relative} is current\n`);
  }
} else {
  await writeFile(OPENAPI_FILE, generated);
  process.stdout.write(`Wrote ${relative}\n`);
}
