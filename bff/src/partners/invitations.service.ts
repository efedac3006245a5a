import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { PasswordHasher } from '../auth/password/password-hasher.js';
import { passwordProblems } from '../auth/password/password-policy.js';
import { newOpaqueToken, sha256Hex } from '../auth/tokens/token-hash.js';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { returnedRows } from '../database/sql.js';
import { MailService } from '../mail/mail.service.js';
import type { InvitationDto } from '../auth/dto/auth.dto.js';
import type { PartnerContext } from './decorators/current-partner.decorator.js';
import type { CreatedInvitationDto } from './dto/partners.dto.js';
import type { MembershipRole } from './membership.entity.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface InvitationRow {
  id: string;
  email: string;
  role: MembershipRole;
  expires_at: Date;
  partner_id: string;
  slug: string;
  name: string;
}

function invitationNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'This invitation is invalid, used or expired.');
}

/** Invitations by e-mail: 7 days, single use, only the SHA-256 of the token stored. */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  async create(
    context: PartnerContext,
    email: string,
    role: MembershipRole,
    ip: string,
  ): Promise<CreatedInvitationDto> {
    const members = (await this.dataSource.query(
      `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.partner_id = $1 AND u.email = $2`,
      [context.partner.id, email],
    )) as unknown[];
    if (members.length > 0) {
      throw new ProblemException(409, 'already_member', 'This person is already a member.');
    }
    const token = newOpaqueToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const id = await this.dataSource.transaction(async (manager) => {
      // A new invitation of the same address to the same partner replaces the pending one.
      await manager.query(
        `UPDATE invitations SET expires_at = $3
          WHERE partner_id = $1 AND email = $2 AND accepted_at IS NULL AND expires_at > $3`,
        [context.partner.id, email, now],
      );
      const inserted = (await manager.query(
        `INSERT INTO invitations (partner_id, email, role, token_hash, invited_by_user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [context.partner.id, email, role, sha256Hex(token), context.userId, now, expiresAt],
      )) as Array<{ id: string }>;
      const invitationId = inserted[0]?.id ?? '';
      await this.audit.record(
        {
          action: 'partner.invitation.created',
          actorUserId: context.userId,
          partnerId: context.partner.id,
          target: `invitation:${invitationId}`,
          ip,
          metadata: { role },
        },
        manager,
      );
      return invitationId;
    });
    const link = `${this.config.publicUrl}/welcome?token=${token}`;
    await this.mail.send({
      to: email,
      subject: `You are invited to ${context.partner.name} on the partner portal`,
      text: `Hello,\n\nYou are invited to join ${context.partner.name} on the partner portal as ${role}. Open this link within 7 days to accept:\n\n${link}\n`,
      link,
    });
    return { id, email, role, expiresAt: expiresAt.toISOString() };
  }

  private async find(token: string): Promise<InvitationRow | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT i.id, i.email, i.role, i.expires_at, p.id AS partner_id, p.slug, p.name
         FROM invitations i JOIN partners p ON p.id = i.partner_id
        WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2`,
      [sha256Hex(token), this.clock.now()],
    )) as InvitationRow[];
    return rows[0];
  }

  async describe(token: string): Promise<InvitationDto> {
    const row = await this.find(token);
    if (row === undefined) throw invitationNotFound();
    return {
      email: row.email,
      partner: { slug: row.slug, name: row.name },
      role: row.role,
      expiresAt: row.expires_at.toISOString(),
    };
  }

  /**
   * Accepts once (consumed in one atomic statement): a new person gets an account with this name and
   * password; a person who already has an account proves it with their current password. Answers the
   * user id to sign in.
   */
  async accept(token: string, name: string, password: string, ip: string): Promise<string> {
    const invitation = await this.find(token);
    if (invitation === undefined) throw invitationNotFound();
    const existing = (await this.dataSource.query(
      `SELECT id, password_hash, status FROM users WHERE email = $1`,
      [invitation.email],
    )) as Array<{ id: string; password_hash: string | null; status: string }>;
    const account = existing[0];
    let passwordHash: string | undefined;
    if (account !== undefined && account.password_hash !== null) {
      const matches = await this.hasher.verify(account.password_hash, password);
      if (!matches || account.status !== 'active') {
        throw new ProblemException(
          401,
          'invalid_credentials',
          'An account with this e-mail exists: enter its current password to accept.',
        );
      }
    } else {
      const problems = passwordProblems(password, invitation.email);
      if (problems.length > 0) {
        throw new ProblemException(
          400,
          'validation',
          'The request is invalid.',
          problems.map((message) => ({ field: 'password', message })),
        );
      }
      passwordHash = await this.hasher.hash(password);
    }
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const consumed = returnedRows<{ id: string }>(
        await manager.query(
          `UPDATE invitations SET accepted_at = $2
            WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > $2 RETURNING id`,
          [sha256Hex(token), now],
        ),
      );
      if (consumed.length !== 1) throw invitationNotFound();
      let userId = account?.id;
      if (userId === undefined) {
        const created = (await manager.query(
          `INSERT INTO users (email, name, password_hash, status) VALUES ($1, $2, $3, 'active') RETURNING id`,
          [invitation.email, name.trim(), passwordHash],
        )) as Array<{ id: string }>;
        userId = created[0]?.id ?? '';
      } else if (passwordHash !== undefined) {
        await manager.query(
          `UPDATE users SET password_hash = $2, name = $3, status = 'active' WHERE id = $1`,
          [userId, passwordHash, name.trim()],
        );
      }
      await manager.query(
        `INSERT INTO memberships (partner_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (partner_id, user_id) DO NOTHING`,
        [invitation.partner_id, userId, invitation.role],
      );
      await this.audit.record(
        {
          action: 'partner.invitation.accepted',
          actorUserId: userId,
          partnerId: invitation.partner_id,
          target: `invitation:${invitation.id}`,
          ip,
          metadata: { role: invitation.role },
        },
        manager,
      );
      return userId;
    });
  }
}
