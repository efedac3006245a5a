import pg from 'pg';

/** One statement as the server's pg client sent it, with when it started and ended (ms, this process). */
export interface RecordedStatement {
  text: string;
  values: unknown[];
  startedAt: number;
  endedAt: number;
}

/**
 * What the server's pg clients did (installed by bench/server.ts, read by GET /api/bench/queries):
 * every statement sent, every row received (DataRow messages, however the rows were asked for), and,
 * while `recording` is set, the statements themselves (GET /api/bench/statements/{start,stop}).
 */
export const queryCounter = {
  count: 0,
  rows: 0,
  recording: undefined as RecordedStatement[] | undefined,
};

export function countQueries(): void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function counted(this: unknown, ...args: unknown[]): unknown {
    queryCounter.count += 1;
    const result = original.apply(this, args);
    const recording = queryCounter.recording;
    // A statement as text and values, or as a query config (`Database` sends `{ text, values, name }`).
    const config =
      typeof args[0] === 'object' && args[0] !== null
        ? (args[0] as { text?: unknown; values?: unknown })
        : undefined;
    const text = typeof args[0] === 'string' ? args[0] : config?.text;
    const values = config === undefined ? args[1] : config.values;
    if (recording !== undefined && typeof text === 'string') {
      const statement: RecordedStatement = {
        text,
        values: Array.isArray(values) ? [...(values as unknown[])] : [],
        startedAt: performance.now(),
        endedAt: Number.NaN,
      };
      recording.push(statement);
      const ended = () => {
        statement.endedAt = performance.now();
      };
      if (result instanceof Promise) result.then(ended, ended);
    }
    return result;
  };
  // Rows as they arrive from the server, whether a statement, a cursor or a stream asked for them.
  const connection = (pg as unknown as { Connection: { prototype: { emit: EmitFunction } } })
    .Connection.prototype;
  const emit = connection.emit;
  connection.emit = function counted(this: unknown, event: string | symbol, ...rest: unknown[]) {
    if (event === 'dataRow') queryCounter.rows += 1;
    return emit.call(this, event, ...rest);
  };
}

type EmitFunction = (event: string | symbol, ...args: unknown[]) => boolean;
