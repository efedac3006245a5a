import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: the headers and the raw body, as sent. */
export interface ReceivedWebhook {
  /** The request's path: each endpoint of a spec gets a path of its own. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The `webhook-id` header. */
  id: string;
  /** The body's `type`. */
  type: string;
}

/** What the receiver answers a request with: a status, or `hold` (never answers until closed). */
export type ReceiverAnswer = number | 'hold';

/**
 * A real HTTP server on 127.0.0.1 that records every webhook it gets and answers the queued answers in
 * order (then `otherwise`, 200 by default): the other side of a delivery in the webhook specs.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, ReceiverAnswer[]>();
  private readonly held: ServerResponse[] = [];
  otherwise: ReceiverAnswer = 200;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new WebhookReceiver(server, (server.address() as AddressInfo).port);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        receiver.take(request.url ?? '', request.headers, Buffer.concat(chunks), response),
      );
    });
    return receiver;
  }

  /** `http://127.0.0.1:<port><path>`. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The next requests at `path` are answered with these, in order. */
  answer(path: string, ...answers: ReceiverAnswer[]): void {
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...answers]);
  }

  /** The requests received at this path so far. */
  at(path: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.path === path);
  }

  async stop(): Promise<void> {
    for (const response of this.held.splice(0)) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(
    path: string,
    headers: IncomingHttpHeaders,
    raw: Buffer,
    response: ServerResponse,
  ): void {
    const body = raw.toString('utf8');
    let type: string;
    try {
      type = String((JSON.parse(body) as { type?: unknown }).type);
    } catch {
      type = '(not JSON)';
    }
    this.received.push({ path, headers, body, id: String(headers['webhook-id']), type });
    const answer = this.answers.get(path)?.shift() ?? this.otherwise;
    if (answer === 'hold') {
      this.held.push(response);
      return;
    }
    response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
  }
}
