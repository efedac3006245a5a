import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);
const VERSION = '15';

/**
 * A PostgreSQL cluster of the test's own (Debian's postgresql-common), for fault tests: stopped,
 * started and frozen at will without touching the shared server on 5432. Needs root (CI and these
 * machines run as root); `available()` says whether the tools are there.
 */
export class OwnCluster {
  private constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  static async available(): Promise<boolean> {
    try {
      await run('pg_lsclusters', ['--help']);
      return process.getuid?.() === 0;
    } catch {
      return false;
    }
  }

  /**
   * A new cluster on a free port, trusting the loopback, started, with a database `portal`; named
   * `<purpose>_<pid>_<port>` (`pg_lsclusters` shows what a run left behind).
   */
  static async create(purpose = 'fault'): Promise<OwnCluster> {
    const port = await freePort();
    const name = `${purpose}_${process.pid}_${port}`;
    await run('pg_createcluster', [
      VERSION,
      name,
      '--port',
      String(port),
      '--',
      '--auth-host=trust',
      '--auth-local=trust',
    ]);
    const cluster = new OwnCluster(name, port);
    await cluster.start();
    await run('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-qc',
      'CREATE DATABASE portal',
    ]);
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/portal`;
  }

  async start(): Promise<void> {
    await run('pg_ctlcluster', [VERSION, this.name, 'start']);
  }

  /** Stops the server at once (its connections are cut). */
  async stop(): Promise<void> {
    await run('pg_ctlcluster', [VERSION, this.name, 'stop', '-m', 'immediate']);
  }

  /** A fast restart: connections are cut, the server is back a moment later. */
  async restart(): Promise<void> {
    await run('pg_ctlcluster', [VERSION, this.name, 'restart', '-m', 'fast']);
  }

  /** Stops every process of the server (SIGSTOP): connections stay open and nothing answers. */
  async freeze(): Promise<void> {
    await this.signalAll('STOP');
  }

  async thaw(): Promise<void> {
    await this.signalAll('CONT');
  }

  async drop(): Promise<void> {
    await this.thaw().catch(() => undefined);
    await run('pg_dropcluster', [VERSION, this.name, '--stop']);
  }

  private async signalAll(signal: 'STOP' | 'CONT'): Promise<void> {
    const pidFile = `/var/lib/postgresql/${VERSION}/${this.name}/postmaster.pid`;
    const postmaster = (await readFile(pidFile, 'utf8')).split('\n')[0]?.trim();
    if (postmaster === undefined || postmaster === '') throw new Error('no postmaster pid');
    // One shell, so that no backend answers for the time it takes to start a second program (on a
    // loaded machine, long enough for a request to fail on the stopped postmaster and another to
    // succeed on a backend still running: two outages in the log). Stopping: the backends, the
    // postmaster, then any backend it forked meanwhile.
    const children = `pkill -${signal} -P ${postmaster} || true`;
    const parent = `kill -${signal} ${postmaster}`;
    await run('sh', [
      '-c',
      signal === 'STOP' ? `${children}; ${parent}; ${children}` : `${parent}; ${children}`,
    ]);
  }
}
