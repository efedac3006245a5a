import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateOpenApiJson } from './generate-openapi.js';
import { OPENAPI_FILE } from './openapi.js';

/** `pnpm --filter @partner-portal/bff openapi`: writes bff/openapi.json (the portal's API types come from it). */
await writeFile(OPENAPI_FILE, await generateOpenApiJson());
process.stdout.write(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
