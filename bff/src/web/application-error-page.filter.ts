import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config.js';
import {
  APPLICATION_ERROR_PAGE_STYLE_HASH,
  newDigest,
  renderApplicationErrorPage,
} from './application-error.page.js';
import { contentSecurityPolicy, serializeCsp } from './security-headers.js';

/**
 * When serving a page fails, the person gets the application error page with a digest, and the log line
 * carrying the error gets the same digest, so that an operator can find one from the other.
 */
@Catch()
export class ApplicationErrorPageFilter implements ExceptionFilter {
  private readonly logger = new Logger('Web');

  constructor(private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const digest = newDigest();
    this.logger.error({ err: exception, digest }, `Serving a page failed (digest ${digest})`);
    if (reply.sent) return;
    const csp = contentSecurityPolicy(this.config, {
      styleSrc: [APPLICATION_ERROR_PAGE_STYLE_HASH],
    });
    void reply
      .status(500)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', serializeCsp(csp))
      .send(renderApplicationErrorPage({ host: this.config.publicHost, digest }));
  }
}
