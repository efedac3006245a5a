import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository's root: the BFF's build is `bff/dist/main.js` under it. */
export const repo = resolve(import.meta.dirname, '../..');

export type StartedBff = {
  server: ChildProcess;
  /** Where the BFF answers, e.g. http://localhost:3191. */
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  readyMs: number;
};

/**
 * Starts a BFF of its own, apart from the suite's server, the way `pnpm start` runs it: `node
 * bff/dist/main.js` with no DATABASE_URL (the embedded PostgreSQL in `dataDir`, demo data loaded) and
 * NODE_ENV=development unless `env` says otherwise. Resolves when `/api/health/ready` answers 200.
 */
export async function startBff(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<StartedBff> {
  const processEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...env,
  };
  delete processEnv.DATABASE_URL;
  delete processEnv.SEED_DEMO_DATA;
  delete processEnv.PUBLIC_URL;
  const url = `http://localhost:${port}`;
  const began = performance.now();
  const server = spawn(process.execPath, [join(repo, 'bff/dist/main.js')], {
    env: processEnv,
    cwd: repo,
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`server not ready in 60 s:\n${output}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return { server, url, output: () => output, readyMs: Math.round(performance.now() - began) };
}

/** Stops the BFF with SIGTERM; resolves with its exit code. */
export async function stopBff({ server }: StartedBff): Promise<number | null> {
  if (server.exitCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolveExit) =>
    server.once('exit', (code) => resolveExit(code)),
  );
  server.kill('SIGTERM');
  return exited;
}
