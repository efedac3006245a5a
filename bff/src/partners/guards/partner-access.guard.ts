import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuditService } from '#src/audit/audit.service.js';
import { ApiKeyAuthenticator, insufficientScope } from '#src/api-keys/api-key-authenticator.js';
import { sessionEnded, tokenStillValid } from '#src/auth/account-state.js';
import { authUserOf } from '#src/auth/decorators/current-user.decorator.js';
import {
  API_KEY_SCOPES_METADATA,
  type ApiKeyRequest,
  type ApiKeyScope,
} from '#src/auth/decorators/scopes.decorator.js';
import { ProblemException } from '#src/common/problem-details.js';
import type { PartnerScopedRequest } from '../decorators/current-partner.decorator.js';
import { PARTNER_ACCESS, type PartnerAccessRule } from '../decorators/partner-access.decorator.js';
import { PARTNER_ROUTE } from '../decorators/partner-controller.decorator.js';
import type { MembershipRole } from '../membership.entity.js';
import { partnerNotFound } from '../partner.problems.js';
import { PartnersRepository } from '../partners.repository.js';

const RANK: Record<MembershipRole, number> = { viewer: 1, manager: 2, admin: 3 };

/**
 * The one guard of every /api/partners/{partnerSlug}/... route (global, registered by PartnersModule,
 * after the JWT and CSRF guards). One query reads the user's status and token validity, the partner and
 * the membership, on every request, so a role change or a removal takes effect at once; the JWT guard
 * leaves the account check to it on these routes. Staff pass where the rule allows them, and every such
 * access is written to the audit log. A partner route without a slug is refused, never let through.
 *
 * An API key (docs/api.md, API keys) is decided by the same rule, from one statement too (the key of
 * the token and the partner of the slug, when the key may reach it): a partner's key only on its
 * partner, a network key on any; otherwise the same 404 as a non-member's. Then the route's scope
 * (`@Scopes()`) decides, not a role: 403 `insufficient_scope` when the key lacks it.
 */
@Injectable()
export class PartnerAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly partners: PartnersRepository,
    private readonly audit: AuditService,
    private readonly keys: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<PartnerScopedRequest>();
    const slug = (request.params as Record<string, string | undefined> | undefined)?.partnerSlug;
    const partnerRoute = this.reflector.getAllAndOverride<boolean>(PARTNER_ROUTE, targets) === true;
    if (!partnerRoute && slug === undefined) return true;
    if (slug === undefined) throw partnerNotFound();
    const keyToken = (request as ApiKeyRequest).apiKeyToken;
    if (keyToken !== undefined) {
      const { key, partner } = await this.keys.authenticate(keyToken, slug);
      if (partner === undefined) throw partnerNotFound();
      const scopes =
        this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(
          API_KEY_SCOPES_METADATA,
          targets,
        ) ?? [];
      if (!scopes.some((scope) => key.scopes.includes(scope))) throw insufficientScope();
      const role = key.scopes.includes('claims:write') ? 'manager' : 'viewer';
      request.partnerContext = { partner, role, isStaff: false, userId: null, apiKey: key };
      return true;
    }
    const user = authUserOf(request);
    if (user === undefined) throw sessionEnded();

    const facts = await this.partners.accessOf(user.id, user.sessionId, slug);
    if (facts === undefined || !tokenStillValid(user.credentialGeneration, facts.account))
      throw sessionEnded();
    const { partner, role } = facts;
    const { isStaff } = facts.account;
    if (partner === undefined || (role === null && !isStaff)) throw partnerNotFound();

    const rule =
      this.reflector.getAllAndOverride<PartnerAccessRule | undefined>(PARTNER_ACCESS, targets) ??
      {};
    const staffAllowed = rule.staff ?? rule.role === undefined;
    const memberAllowed =
      role !== null &&
      rule.role !== null &&
      (rule.role === undefined || RANK[role] >= RANK[rule.role]);
    const staffPass = isStaff && staffAllowed && !memberAllowed;
    if (!memberAllowed && !staffPass) {
      throw new ProblemException(403, 'forbidden', 'Your role does not allow this.');
    }

    request.partnerContext = { partner, role, isStaff, userId: user.id, apiKey: null };
    if (staffPass) {
      await this.audit.recordForPartner(partner.id, {
        action: 'partner.staff_access',
        actorUserId: user.id,
        target: `${request.method} ${request.routeOptions.url ?? ''}`,
        ip: request.ip,
      });
    }
    return true;
  }
}
