import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withConfigTable } from './config-docs.js';
import { REPO_ROOT } from './settings.js';

/** `pnpm --filter @partner-portal/bff config:docs`: rewrites the configuration table of the root README. */
const readmePath = path.join(REPO_ROOT, 'README.md');
const before = await readFile(readmePath, 'utf8');
const after = withConfigTable(before);
if (after !== before) await writeFile(readmePath, after);
process.stdout.write(
  `${after === before ? `${readmePath} is up to date` : `Rewrote the table of ${readmePath}`}\n`,
);
