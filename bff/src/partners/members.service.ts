import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from './decorators/current-partner.decorator.js';
import type { MemberDto, MemberListDto } from './dto/partners.dto.js';
import type { MembershipRole } from './membership.entity.js';

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: MembershipRole;
  status: MemberDto['status'];
  created_at: Date;
}

const MEMBER_COLUMNS = `m.user_id, u.email, u.name, m.role, u.status, m.created_at`;

function toDto(row: MemberRow): MemberDto {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    memberSince: row.created_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function memberNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such member of this partner.');
}

/** The people of one partner. Every statement is scoped by (partner_id, user_id). */
@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(context: PartnerContext): Promise<MemberListDto> {
    const rows = (await this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.partner_id = $1 ORDER BY u.name, u.email`,
      [context.partner.id],
    )) as MemberRow[];
    return { items: rows.map(toDto), nextCursor: null, total: rows.length };
  }

  async changeRole(
    context: PartnerContext,
    userId: string,
    role: MembershipRole,
    ip: string,
  ): Promise<MemberDto> {
    if (!UUID.test(userId)) throw memberNotFound();
    return this.dataSource.transaction(async (manager) => {
      const current = (await manager.query(
        `SELECT role FROM memberships WHERE partner_id = $1 AND user_id = $2 FOR UPDATE`,
        [context.partner.id, userId],
      )) as Array<{ role: MembershipRole }>;
      const before = current[0]?.role;
      if (before === undefined) throw memberNotFound();
      if (before === 'admin' && role !== 'admin')
        await this.keepAnAdmin(manager.query.bind(manager), context);
      await manager.query(
        `UPDATE memberships SET role = $3 WHERE partner_id = $1 AND user_id = $2`,
        [context.partner.id, userId, role],
      );
      await this.audit.record(
        {
          action: 'partner.member.role_changed',
          actorUserId: context.userId,
          partnerId: context.partner.id,
          target: `user:${userId}`,
          ip,
          metadata: { from: before, to: role },
        },
        manager,
      );
      const rows = (await manager.query(
        `SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.partner_id = $1 AND m.user_id = $2`,
        [context.partner.id, userId],
      )) as MemberRow[];
      const row = rows[0];
      if (row === undefined) throw memberNotFound();
      return toDto(row);
    });
  }

  async remove(context: PartnerContext, userId: string, ip: string): Promise<void> {
    if (!UUID.test(userId)) throw memberNotFound();
    await this.dataSource.transaction(async (manager) => {
      const current = (await manager.query(
        `SELECT role FROM memberships WHERE partner_id = $1 AND user_id = $2 FOR UPDATE`,
        [context.partner.id, userId],
      )) as Array<{ role: MembershipRole }>;
      const before = current[0]?.role;
      if (before === undefined) throw memberNotFound();
      if (before === 'admin') await this.keepAnAdmin(manager.query.bind(manager), context);
      await manager.query(`DELETE FROM memberships WHERE partner_id = $1 AND user_id = $2`, [
        context.partner.id,
        userId,
      ]);
      await this.audit.record(
        {
          action: 'partner.member.removed',
          actorUserId: context.userId,
          partnerId: context.partner.id,
          target: `user:${userId}`,
          ip,
          metadata: { role: before },
        },
        manager,
      );
    });
  }

  /** A partner keeps at least one admin: the last one can be neither demoted nor removed. */
  private async keepAnAdmin(
    query: (sql: string, parameters: unknown[]) => Promise<unknown>,
    context: PartnerContext,
  ): Promise<void> {
    const admins = (await query(
      `SELECT user_id FROM memberships WHERE partner_id = $1 AND role = 'admin' FOR UPDATE`,
      [context.partner.id],
    )) as unknown[];
    if (admins.length <= 1) {
      throw new ProblemException(409, 'last_admin', 'A partner keeps at least one admin.');
    }
  }
}
