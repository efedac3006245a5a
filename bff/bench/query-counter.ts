import pg from 'pg';

/** Every statement the server's pg clients send (installed by bench/server.ts, read by GET /api/bench/queries). */
export const queryCounter = { count: 0 };

export function countQueries(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function counted(this: unknown, ...args: unknown[]): unknown {
    queryCounter.count += 1;
    return original.apply(this, args);
  };
}
