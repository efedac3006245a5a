import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link of the message (reset, invitation): logged in development when there is no SMTP. */
  link?: string;
}

/**
 * E-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as a JSON
 * file to MAIL_OUTBOX_DIR (default DATA_DIR/outbox), and in development its link is logged. Links carry
 * tokens: they never reach the logs in test or production.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    this.transport =
      config.smtpUrl === undefined
        ? nodemailer.createTransport({ jsonTransport: true })
        : nodemailer.createTransport(config.smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })) as { messageId?: string; message?: unknown };
    if (this.config.smtpUrl !== undefined) {
      this.logger.log({ subject: message.subject, messageId: info.messageId }, 'E-mail sent');
      return;
    }
    const dir = this.config.mailOutboxDir;
    // Written beside the outbox, then renamed into it: a reader of the outbox never sees half a message.
    const incoming = path.join(dir, '.incoming');
    await mkdir(incoming, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
    const file = path.join(dir, name);
    const content =
      typeof info.message === 'string'
        ? info.message
        : JSON.stringify({ to: message.to, subject: message.subject, text: message.text });
    await writeFile(path.join(incoming, name), content, { mode: 0o600 });
    await rename(path.join(incoming, name), file);
    if (this.config.nodeEnv === 'development' && message.link !== undefined) {
      this.logger.log(
        { file, link: message.link },
        `E-mail written to the outbox: ${message.link}`,
      );
    } else {
      this.logger.log({ file, subject: message.subject }, 'E-mail written to the outbox');
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
