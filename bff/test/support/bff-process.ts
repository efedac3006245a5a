import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const BFF_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(BFF_DIR, 'dist', 'main.js');

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of the files `pnpm build` compiles (src/, specs left out). */
function newestSource(): number {
  const src = path.join(BFF_DIR, 'src');
  let newest = 0;
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.ts') && !file.endsWith('.spec.ts')) {
      newest = Math.max(newest, modifiedAt(path.join(src, file)));
    }
  }
  return newest;
}

/**
 * Builds `bff/dist` (`pnpm --filter @partner-portal/bff build`: tsc) when it is missing or older than
 * a file of `src/`, so a spawned `node dist/main.js` runs the code under test (CI's checkout has no
 * dist: about 10 s, once per run).
 */
export async function buildBffIfStale(): Promise<void> {
  if (modifiedAt(MAIN) > newestSource()) return;
  const tsc = path.join(BFF_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: BFF_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the BFF's build failed (${code}):\n${output}`);
}

const running = new Set<BffProcess>();

afterAll(async () => {
  for (const process of running) await process.kill();
});

/**
 * A real BFF process, `node bff/dist/main.js` (as production runs it), on a port of its own: what a
 * restart or a crash (SIGKILL) does to it is what a deployment sees. `buildBffIfStale()` first.
 * Its environment is `env` alone on top of NODE_ENV=test, HOST, PORT and PATH: nothing of the jest
 * process leaks in. Its JSON log lines are kept (`lines`).
 */
export class BffProcess {
  /** Its log lines (JSON), parsed. */
  readonly lines: Array<Record<string, unknown>> = [];
  private output = '';
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    /** `http://127.0.0.1:<port>`. */
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
      let newline = this.output.indexOf('\n');
      while (newline >= 0) {
        const line = this.output.slice(0, newline).trim();
        this.output = this.output.slice(newline + 1);
        if (line.startsWith('{')) this.lines.push(JSON.parse(line) as Record<string, unknown>);
        newline = this.output.indexOf('\n');
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** Starts `node dist/main.js` with `env`; resolves once it logs that it is ready. */
  static async start(env: Record<string, string>, timeoutMs = 60_000): Promise<BffProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: BFF_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        // No balancer to drain for unless a spec says so (restarts.e2e-spec.ts).
        SHUTDOWN_DRAIN_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const bff = new BffProcess(child, `http://127.0.0.1:${port}`);
    running.add(bff);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (bff.lines.some((line) => String(line.msg).startsWith('Partner portal ready at'))) {
        return bff;
      }
      if (child.exitCode !== null || Date.now() > deadline) {
        await bff.kill();
        const said = bff.lines.map(
          (line) => `${String(line.msg)} ${JSON.stringify(line.err ?? '')}`,
        );
        throw new Error(`the BFF did not start (${child.exitCode}):\n${said.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** A request to it over HTTP; a JSON `body` is sent as `application/json`. */
  request(
    pathAndQuery: string,
    options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Response> {
    return fetch(`${this.url}${pathAndQuery}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  /** SIGTERM, as a deployment stops it: resolves with its exit code once it has exited. */
  async stop(): Promise<number | null> {
    running.delete(this);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return (await this.exited).code;
  }

  /** SIGKILL: no shutdown of any kind. Resolves with the signal once it is gone. */
  async kill(): Promise<NodeJS.Signals | null> {
    running.delete(this);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    return (await this.exited).signal;
  }
}
