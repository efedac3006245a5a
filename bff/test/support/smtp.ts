import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

/** One message the test SMTP server accepted. */
export interface CapturedMail {
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
  /** When the server accepted it (`Date.now()`): a test measures delivery times from it. */
  receivedAt: number;
}

/**
 * A real SMTP server (the npm package `smtp-server`) on a port of its own that can go down and come
 * back on the same port: `SMTP_URL` stays the same while the server is not listening.
 */
export class TestSmtpServer {
  readonly mails: CapturedMail[] = [];
  /** Recipients whose message is being received right now (a repeat while there: a concurrent send). */
  private readonly inFlight = new Set<string>();
  /** Recipients that were received twice at the same time. */
  readonly concurrent: string[] = [];
  private server: SMTPServer | undefined;
  /** While set, each message is refused once its delay is over (451: a temporary failure). */
  refusing = false;

  private constructor(
    readonly port: number,
    /** How long each message's DATA takes to accept, in ms (a slow server widens races). */
    private readonly delayMs: number,
  ) {}

  /** Reserves a free port; the server is down until `up()`. */
  static async reserve(options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
    const port = await freePort();
    return new TestSmtpServer(port, options.delayMs ?? 0);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages with this Message-ID. */
  withId(messageId: string): CapturedMail[] {
    return this.mails.filter((mail) => mail.messageId === messageId);
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const key = to.join(',');
        if (this.inFlight.has(key)) this.concurrent.push(key);
        this.inFlight.add(key);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          setTimeout(() => {
            if (this.refusing) {
              this.inFlight.delete(key);
              callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
              return;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            this.mails.push({
              to,
              messageId: /^Message-ID:\s*(.+?)\r?$/im.exec(raw)?.[1]?.trim() ?? '',
              subject: /^Subject:\s*(.+?)\r?$/im.exec(raw)?.[1]?.trim() ?? '',
              raw,
              receivedAt: Date.now(),
            });
            this.inFlight.delete(key);
            callback();
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
