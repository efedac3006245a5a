import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portalURL } from './servers';

/** e2e/scripts/start-server.mjs writes where the suite's BFF keeps its mail outbox. */
const serverInfoFile = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  `../test-results/server-${new URL(portalURL).port}.json`,
);

/** The folder where the e2e server's BFF writes each message it sends (MAIL_OUTBOX_DIR). */
export async function outboxDir(): Promise<string> {
  const info = JSON.parse(await readFile(serverInfoFile, 'utf8')) as { outboxDir?: unknown };
  if (typeof info.outboxDir !== 'string') throw new Error(`no outboxDir in ${serverInfoFile}`);
  return info.outboxDir;
}

/** Every message of the outbox sent to `email`, newest first, as text (whatever the file format). */
export async function messagesTo(email: string): Promise<string[]> {
  const dir = await outboxDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const info = await stat(path);
      return info.isFile() ? { path, modified: info.mtimeMs } : undefined;
    }),
  );
  const texts = await Promise.all(
    files
      .filter((file): file is { path: string; modified: number } => file !== undefined)
      .sort((a, b) => b.modified - a.modified)
      .map(async ({ path }) => readFile(path, 'utf8')),
  );
  return texts.filter((text) => text.toLowerCase().includes(email.toLowerCase()));
}
