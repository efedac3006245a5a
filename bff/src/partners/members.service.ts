import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '#src/database/database.js';
import type { AuditMetadata } from '../audit/audit-log.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { ListCursorCodec, type ListQuery, mapPage, type Page } from '../common/list/index.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from './decorators/current-partner.decorator.js';
import type { MemberDto } from './dto/partners.dto.js';
import { type Member, MembersRepository } from './members.repository.js';
import type { MembershipRole } from './membership.entity.js';

function toDto(member: Member): MemberDto {
  return { ...member, memberSince: member.memberSince.toISOString() };
}

export function memberNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such member of this partner.');
}

/** The people of one partner. Every read and write goes through the partner-scoped repository. */
@Injectable()
export class MembersService {
  constructor(
    private readonly database: Database,
    private readonly members: MembersRepository,
    private readonly cursors: ListCursorCodec,
    private readonly audit: AuditService,
  ) {}

  async list(context: PartnerContext, query: ListQuery): Promise<Page<MemberDto>> {
    return mapPage(await this.members.page(context.partner.id, query, this.cursors), toDto);
  }

  async changeRole(
    context: PartnerContext,
    userId: string,
    role: MembershipRole,
    ip: string,
  ): Promise<MemberDto> {
    return this.changeMembership(context, userId, ip, async (before, manager) => {
      if (before === 'admin' && role !== 'admin') await this.keepAnAdmin(context, manager);
      await this.members.setRole(context.partner.id, userId, role, manager);
      const changed = await this.members.find(context.partner.id, userId, manager);
      if (changed === undefined) throw memberNotFound();
      return {
        audit: { action: 'partner.member.role_changed', metadata: { from: before, to: role } },
        result: toDto(changed),
      };
    });
  }

  async remove(context: PartnerContext, userId: string, ip: string): Promise<void> {
    await this.changeMembership(context, userId, ip, async (before, manager) => {
      if (before === 'admin') await this.keepAnAdmin(context, manager);
      await this.members.remove(context.partner.id, userId, manager);
      return {
        audit: { action: 'partner.member.removed', metadata: { role: before } },
        result: undefined,
      };
    });
  }

  /**
   * One change of one membership, in a transaction: the membership locked (404 when `userId` is not a
   * member of this partner), the change, and its audit row.
   */
  private async changeMembership<T>(
    context: PartnerContext,
    userId: string,
    ip: string,
    change: (
      before: MembershipRole,
      manager: EntityManager,
    ) => Promise<{
      audit: {
        action: 'partner.member.role_changed' | 'partner.member.removed';
        metadata: AuditMetadata;
      };
      result: T;
    }>,
  ): Promise<T> {
    const partnerId = context.partner.id;
    return this.database.transaction(async (manager) => {
      const before = await this.members.lockRole(partnerId, userId, manager);
      if (before === undefined) throw memberNotFound();
      const { audit, result } = await change(before, manager);
      await this.audit.recordForPartner(
        partnerId,
        { ...audit, actorUserId: context.userId, target: `user:${userId}`, ip },
        manager,
      );
      return result;
    });
  }

  /** A partner keeps at least one admin: the last one can be neither demoted nor removed. */
  private async keepAnAdmin(context: PartnerContext, manager: EntityManager): Promise<void> {
    if ((await this.members.lockAdmins(context.partner.id, manager)) <= 1) {
      throw new ProblemException(409, 'last_admin', 'A partner keeps at least one admin.');
    }
  }
}
