import type { RecordedStatement } from '../query-counter.js';

/** The bench's own calls to the BFF started by bench/server.ts: the API as a member, and the bench routes. */
export class BenchApi {
  constructor(
    readonly port: number,
    private readonly token: string,
  ) {}

  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async get<T>(path: string): Promise<T> {
    const response = await fetch(this.url(path), { headers: this.headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 500)}`);
    return JSON.parse(body) as T;
  }

  /** Statements sent and rows received by the server's pg clients so far. */
  queries(): Promise<{ count: number; rows: number }> {
    return this.get('/api/bench/queries');
  }

  /** The statements the server sent while answering `path` (nothing else runs meanwhile). */
  async statementsOf(path: string): Promise<RecordedStatement[]> {
    await this.get('/api/bench/statements/start');
    await this.get(path);
    const { statements } = await this.get<{ statements: RecordedStatement[] }>(
      '/api/bench/statements/stop',
    );
    return statements;
  }
}
