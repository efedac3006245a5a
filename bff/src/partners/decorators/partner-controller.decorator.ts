import { applyDecorators, Controller, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiParam,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountCheckDelegated } from '#src/auth/decorators/public.decorator.js';
import { ProblemDetails } from '#src/common/problem-details.js';

export const PARTNER_ROUTE = 'partners:route';
export const PARTNER_ROUTE_PREFIX = 'api/partners/:partnerSlug';

/**
 * The controller of routes inside one partner: `api/partners/:partnerSlug/<path>`. Every route of it
 * passes the partner guard (account, partner and membership in one query), which is why the JWT guard
 * leaves the account check to it. The only way to declare a partner route: PartnersModule refuses to
 * start when a route under `api/partners/` is declared otherwise, or lacks `:partnerSlug`.
 */
export function PartnerController(path?: string): ClassDecorator {
  return applyDecorators(
    Controller(path === undefined ? PARTNER_ROUTE_PREFIX : `${PARTNER_ROUTE_PREFIX}/${path}`),
    SetMetadata(PARTNER_ROUTE, true),
    AccountCheckDelegated(),
    // Applied in this order, the document lists bearer before cookie (unchanged openapi.json).
    ApiBearerAuth('bearer'),
    ApiCookieAuth('cookie'),
    ApiUnauthorizedResponse({ type: ProblemDetails, description: 'Not signed in.' }),
    ApiNotFoundResponse({
      type: ProblemDetails,
      description: 'No such partner, or not a member: the same answer.',
    }),
    ApiParam({
      name: 'partnerSlug',
      example: 'acme-outdoor',
      description: 'The partner’s slug (3–40 characters of a-z, 0-9 and -).',
    }),
  );
}
