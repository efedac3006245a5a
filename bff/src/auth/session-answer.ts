import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import type { StartedSession } from './auth.service.js';
import { setSessionCookies } from './cookies.js';
import type { SessionDto } from './dto/auth.dto.js';

/**
 * Sets the cookies of a session just started or renewed; answers its body. The session routes and
 * the invitation's acceptance (which signs the new member in) answer this way.
 */
export function answerWithSession(
  config: AppConfig,
  reply: FastifyReply,
  started: StartedSession,
): SessionDto {
  setSessionCookies(config, reply, started.cookies);
  return started.session;
}
