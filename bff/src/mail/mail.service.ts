import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '#src/config/app-config.js';
import { type JobKind, JobQueue } from '#src/jobs/job-queue.js';
import { type ClaimAssigneeMail, claimAssigneeMail } from './claim-assignee.mail.js';
import { type ClaimStatusMail, claimStatusMail } from './claim-status.mail.js';
import { type DigestMail, digestMail } from './digest.mail.js';
import { type InvitationMail, invitationMail } from './invitation.mail.js';
import {
  type PasswordChangedMail,
  passwordChangedMail,
  type PasswordResetLinkMail,
  passwordResetLinkMail,
} from './password-reset.mail.js';
import { type WebhookDisabledMail, webhookDisabledMail } from './webhook-disabled.mail.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link of the message (reset, invitation): logged in development when there is no SMTP. */
  link?: string;
}

/**
 * An e-mail to send: a template and what it is rendered from. The job holds this, and renders it when
 * it runs (the same message on every attempt).
 */
export type Mail =
  | { template: 'passwordResetLink'; data: PasswordResetLinkMail }
  | { template: 'passwordChanged'; data: PasswordChangedMail }
  | { template: 'invitation'; data: InvitationMail }
  | { template: 'claimStatus'; data: ClaimStatusMail }
  | { template: 'claimAssignee'; data: ClaimAssigneeMail }
  | { template: 'digest'; data: DigestMail }
  | { template: 'webhookDisabled'; data: WebhookDisabledMail };

/**
 * Every template, by name: the one place a template is registered. `render` picks from it, and
 * `src/mail/mail-templates.spec.ts` renders each one (every message links to the settings).
 */
export const MAIL_TEMPLATES: {
  readonly [K in Mail['template']]: (data: Extract<Mail, { template: K }>['data']) => MailMessage;
} = {
  passwordResetLink: passwordResetLinkMail,
  passwordChanged: passwordChangedMail,
  invitation: invitationMail,
  claimStatus: claimStatusMail,
  claimAssignee: claimAssigneeMail,
  digest: digestMail,
  webhookDisabled: webhookDisabledMail,
};

/** Renders a mail with its template. */
export function render(mail: Mail): MailMessage {
  const template = MAIL_TEMPLATES[mail.template] as (data: Mail['data']) => MailMessage;
  return template(mail.data);
}

/** The kind of job that sends one e-mail (docs/operations.md, Jobs). */
export const MAIL_JOB = 'mail';

/**
 * E-mail, always through the job queue (docs/decisions.md, "A job queue in PostgreSQL"): `enqueue`
 * adds a `mail` job on the caller's transaction; the job renders the message and sends it through
 * nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as a JSON file to
 * MAIL_OUTBOX_DIR (default DATA_DIR/outbox), and in development its link is logged. Links carry tokens:
 * they never reach the logs in test or production. Every message's `Message-ID` is made of its job's
 * id: the same on every retry, so a receiver can drop a repeat.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private kind: JobKind<Mail> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    this.transport =
      config.smtpUrl === undefined
        ? nodemailer.createTransport({ jsonTransport: true })
        : nodemailer.createTransport(config.smtpUrl);
  }

  onModuleInit(): void {
    this.kind = this.jobs.define<Mail>({
      name: MAIL_JOB,
      run: (mail, job) => this.deliver(mail, job.id),
      // The template only: the data holds addresses and links with tokens.
      describe: (mail) => ({ template: mail.template }),
    });
  }

  /**
   * Adds the e-mail to the job queue on `manager`'s transaction: it is sent once that commits, and
   * never if it rolls back. `undefined`: a transaction of its own.
   */
  async enqueue(manager: EntityManager | undefined, mail: Mail): Promise<void> {
    if (this.kind === undefined) throw new Error('The mail job is not defined yet');
    await this.jobs.enqueue(manager, this.kind, mail);
  }

  /** The job: renders the e-mail and sends it, its Message-ID from the job's id. */
  private async deliver(mail: Mail, jobId: string): Promise<void> {
    const message = render(mail);
    const messageId = `<${jobId}@${new URL(this.config.publicUrl).hostname}>`;
    const info = (await this.transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId,
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

  // After the job queue stopped (its `beforeApplicationShutdown`): a running job may still be sending.
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
