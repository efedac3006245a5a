import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgresOptions {
  /** Folder of the database files; undefined keeps everything in memory (tests). */
  dataDir: string | undefined;
  /** Concurrent client connections the socket server accepts: at least twice the pool size. */
  maxConnections: number;
}

/**
 * PostgreSQL without a server to install: PGlite (PostgreSQL compiled to WebAssembly) behind a socket
 * server on 127.0.0.1 and a free port, so that `pg` and TypeORM talk to it like to any PostgreSQL.
 * PGlite runs one statement at a time: the socket server queues the connections' queries.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    /** A postgres:// URL for `pg`. */
    readonly url: string,
    private readonly lockFile: string | undefined,
  ) {}

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    const lockFile = options.dataDir === undefined ? undefined : `${options.dataDir}.lock`;
    if (options.dataDir !== undefined && lockFile !== undefined) {
      await mkdir(options.dataDir, { recursive: true });
      await acquireLock(lockFile, options.dataDir);
    }
    let db: PGlite;
    try {
      db = await PGlite.create({ dataDir: options.dataDir, extensions: { citext, pg_trgm } });
    } catch (error) {
      if (lockFile !== undefined) await rm(lockFile, { force: true });
      throw error;
    }
    const server = new PGLiteSocketServer({
      db,
      host: '127.0.0.1',
      port: 0,
      maxConnections: options.maxConnections,
    });
    try {
      await server.start();
    } catch (error) {
      await db.close();
      if (lockFile !== undefined) await rm(lockFile, { force: true });
      throw error;
    }
    const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
    return new EmbeddedPostgres(db, server, url, lockFile);
  }

  /** Stops accepting connections, then closes the database files. Safe to call twice. */
  async stop(): Promise<void> {
    await this.server.stop();
    if (!this.db.closed) await this.db.close();
    if (this.lockFile !== undefined) await rm(this.lockFile, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster to keep a second process off its files: a lock file beside the data folder
 * does, so that a migration command cannot open the database under a running BFF. A lock left by a
 * process that no longer runs is taken over.
 */
async function acquireLock(lockFile: string, dataDir: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}: stop that process first.`,
      );
    }
    await rm(lockFile, { force: true });
  }
  throw new Error(`Could not lock the embedded database in ${dataDir} (${lockFile})`);
}
