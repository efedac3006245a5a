import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { sessionEnded, tokenStillValid } from '../../auth/account-state.js';
import { authUserOf } from '../../auth/decorators/current-user.decorator.js';
import { ProblemException } from '../../common/problem-details.js';
import { preparedQuery } from '../../database/prepared-query.js';
import type { PartnerScopedRequest } from '../decorators/current-partner.decorator.js';
import { PARTNER_ACCESS, type PartnerAccessRule } from '../decorators/partner-access.decorator.js';
import type { MembershipRole } from '../membership.entity.js';

const RANK: Record<MembershipRole, number> = { viewer: 1, manager: 2, admin: 3 };

/** "No such partner" and "not a member" are one answer, from one place: no enumeration of partners. */
export function partnerNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such partner.');
}

/** One round trip: the user's state, the partner and the membership (bench/ measures it). */
export const PARTNER_ACCESS_SQL = `SELECT u.status, u.is_staff, u.tokens_valid_after,
              p.id AS partner_id, p.slug, p.name, p.currency, p.time_zone, p.status AS partner_status,
              m.role
         FROM users u
         LEFT JOIN partners p ON p.slug = $2
         LEFT JOIN memberships m ON m.partner_id = p.id AND m.user_id = u.id
        WHERE u.id = $1`;

interface AccessRow {
  status: string;
  is_staff: boolean;
  tokens_valid_after: Date | null;
  partner_id: string | null;
  slug: string | null;
  name: string | null;
  currency: string | null;
  time_zone: string | null;
  partner_status: string | null;
  role: MembershipRole | null;
}

/**
 * The one guard of every /api/partners/{partnerSlug}/... route (global, after the JWT guard). One query
 * reads the user's status and token validity, the partner and the membership, on every request, so a
 * role change or a removal takes effect at once. Staff pass where the rule allows them, and every such
 * access is written to the audit log.
 */
@Injectable()
export class PartnerAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PartnerScopedRequest>();
    const slug = (request.params as Record<string, string | undefined>).partnerSlug;
    if (slug === undefined) return true;
    const user = authUserOf(request);
    if (user === undefined) throw sessionEnded();

    const rows = await preparedQuery<AccessRow>(
      this.dataSource,
      'partner_access',
      PARTNER_ACCESS_SQL,
      [user.id, slug],
    );
    const row = rows[0];
    if (row === undefined || !tokenStillValid(user.issuedAt, row.status, row.tokens_valid_after)) {
      throw sessionEnded();
    }
    if (
      row.partner_id === null ||
      row.slug === null ||
      row.name === null ||
      row.currency === null ||
      row.time_zone === null ||
      row.partner_status === null
    ) {
      throw partnerNotFound();
    }
    if (row.role === null && !row.is_staff) throw partnerNotFound();

    const rule =
      this.reflector.getAllAndOverride<PartnerAccessRule | undefined>(PARTNER_ACCESS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? {};
    const staffAllowed = rule.staff ?? rule.role === undefined;
    const memberAllowed =
      row.role !== null && (rule.role === undefined || RANK[row.role] >= RANK[rule.role]);
    const staffPass = row.is_staff && staffAllowed && !memberAllowed;
    if (!memberAllowed && !staffPass) {
      throw new ProblemException(403, 'forbidden', 'Your role does not allow this.');
    }

    request.partnerContext = {
      partner: {
        id: row.partner_id,
        slug: row.slug,
        name: row.name,
        currency: row.currency.trim(),
        timeZone: row.time_zone,
        status: row.partner_status,
      },
      role: row.role,
      isStaff: row.is_staff,
      userId: user.id,
    };
    if (staffPass) {
      await this.audit.record({
        action: 'partner.staff_access',
        actorUserId: user.id,
        partnerId: row.partner_id,
        target: `${request.method} ${request.routeOptions.url ?? ''}`,
        ip: request.ip,
      });
    }
    return true;
  }
}
