import {
  Controller,
  Get,
  Logger,
  type OnApplicationBootstrap,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config.js';
import { ApplicationErrorPageFilter } from './application-error-page.filter.js';
import { hintsFor, withHints } from './page-preloads.js';
import { PortalFiles } from './portal-files.js';
import { Public } from '../auth/decorators/public.decorator.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;

/** Pages whose URL carries a secret: the browser must not send it on in a Referer header. */
const NO_REFERRER_PAGES = new Set(['/reset-password', '/welcome']);

/**
 * Whether a page's URL may carry a token: one of those pages however the router would still match it
 * (any case, trailing slashes), or any page with a `token` parameter.
 */
export function mayCarryToken(url: string): boolean {
  const [urlPath = '/', query = ''] = url.split('?', 2);
  const page = urlPath.replace(/\/+$/, '').toLowerCase();
  return NO_REFERRER_PAGES.has(page) || new URLSearchParams(query).has('token');
}

/**
 * Serves the portal's build: hashed files under /assets/ cached for a year, other files for an hour,
 * and the app shell (index.html, never cached without revalidation) for every other page path, so the
 * client-side router renders the screen, or its own 404; a partner page's shell names what its first
 * load needs (page-preloads.ts). Paths under /api are never pages.
 */
@ApiExcludeController()
@UseFilters(ApplicationErrorPageFilter)
@Public()
@Controller()
export class WebController implements OnApplicationBootstrap {
  private readonly files: PortalFiles;
  private readonly logger = new Logger('Web');

  constructor(config: AppConfig) {
    this.files = new PortalFiles(config.portalDistDir);
  }

  /** A BFF started before the portal was built serves error pages: say so once, at start. */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await this.files.hasShell())) {
      this.logger.warn(
        { portalDistDir: this.files.root },
        `The portal's build is missing (no index.html in ${this.files.root}): build it with pnpm --filter @partner-portal/portal build, or set PORTAL_DIST_DIR`,
      );
    }
  }

  @Get('*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const urlPath = request.url.split('?', 1)[0] ?? '/';
    const target = await this.files.resolve(urlPath);
    switch (target.kind) {
      case 'api':
      case 'missing':
        // An unknown API path or asset: the 404 of the not-found handler, never the app shell.
        return reply.callNotFound();
      case 'asset':
        return reply.sendFile(target.file, this.files.root, {
          maxAge: ONE_YEAR_MS,
          immutable: true,
        });
      case 'file':
        return reply.sendFile(target.file, this.files.root, { maxAge: ONE_HOUR_MS });
      case 'shell': {
        const [shell, preloads] = await Promise.all([
          this.files.readShell(),
          this.files.readPagePreloads(),
        ]);
        const hints = preloads && hintsFor(preloads, request.url);
        const html = hints ? withHints(shell, hints) : shell;
        if (mayCarryToken(request.url)) void reply.header('referrer-policy', 'no-referrer');
        return reply
          .status(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(html);
      }
    }
  }
}
