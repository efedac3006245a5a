import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
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
  ) {}

  static async start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
    if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
    const db = await PGlite.create({ dataDir: options.dataDir, extensions: { citext } });
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
      throw error;
    }
    const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
    return new EmbeddedPostgres(db, server, url);
  }

  /** Stops accepting connections, then closes the database files. Safe to call twice. */
  async stop(): Promise<void> {
    await this.server.stop();
    if (!this.db.closed) await this.db.close();
  }
}
