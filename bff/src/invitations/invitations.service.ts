import { Injectable } from '@nestjs/common';
import { Database } from '#src/database/database.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService, type StartedSession } from '../auth/auth.service.js';
import { Credentials } from '../auth/credentials.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { assertAcceptablePassword } from '../auth/password-policy.js';
import { newOpaqueToken, sha256Hex } from '../common/token-hash.js';
import { Clock } from '../common/clock.js';
import { ListCursorCodec, type ListQuery, mapPage, type Page } from '../common/list/index.js';
import { ProblemException } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { notificationSettingsUrl } from '../mail/notification-settings.js';
import { type PartnerContext, personOf } from '../partners/decorators/current-partner.decorator.js';
import { MembersRepository } from '../partners/members.repository.js';
import type { MembershipRole } from '../partners/membership.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type {
  CreatedInvitationDto,
  InvitationDto,
  PendingInvitationDto,
} from './dto/invitations.dto.js';
import { InvitationsRepository, type PendingInvitation } from './invitations.repository.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function invitationNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'This invitation is invalid, used or expired.');
}

/** Invitations by e-mail: 7 days, single use, only the SHA-256 of the token stored. */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly invitations: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly cursors: ListCursorCodec,
  ) {}

  /** The partner's pending invitations, a page at a time (admin). */
  async list(context: PartnerContext, query: ListQuery): Promise<Page<PendingInvitationDto>> {
    const page = await this.invitations.pendingPage(
      context.partner.id,
      this.clock.now(),
      query,
      this.cursors,
    );
    return mapPage(page, (invitation) => ({
      ...invitation,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    }));
  }

  /** Revokes a pending invitation (admin): its link stops working at once. 404 when none is pending. */
  async revoke(context: PartnerContext, id: string, ip: string): Promise<void> {
    const partnerId = context.partner.id;
    await this.database.transaction(async (manager) => {
      if (!(await this.invitations.revoke(partnerId, id, this.clock.now(), manager))) {
        throw invitationNotFound();
      }
      await this.audit.recordForPartner(
        partnerId,
        {
          action: 'partner.invitation.revoked',
          actorUserId: context.userId,
          target: `invitation:${id}`,
          ip,
        },
        manager,
      );
    });
  }

  async create(
    context: PartnerContext,
    email: string,
    role: MembershipRole,
    ip: string,
  ): Promise<CreatedInvitationDto> {
    const partnerId = context.partner.id;
    if (await this.members.hasMemberWithEmail(partnerId, email)) {
      throw new ProblemException(409, 'already_member', 'This person is already a member.');
    }
    const token = newOpaqueToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const link = `${this.config.publicUrl}/welcome?token=${token}`;
    const id = await this.database.transaction(async (manager) => {
      await this.invitations.expirePending(partnerId, email, now, manager);
      const invitationId = await this.invitations.create(
        partnerId,
        {
          email,
          role,
          tokenHash: sha256Hex(token),
          invitedByUserId: personOf(context),
          createdAt: now,
          expiresAt,
        },
        manager,
      );
      await this.audit.recordForPartner(
        partnerId,
        {
          action: 'partner.invitation.created',
          actorUserId: context.userId,
          target: `invitation:${invitationId}`,
          ip,
          metadata: { role },
        },
        manager,
      );
      await this.mail.enqueue(manager, {
        template: 'invitation',
        data: {
          to: email,
          partnerName: context.partner.name,
          role,
          link,
          settingsLink: notificationSettingsUrl(this.config.publicUrl, context.partner.slug),
        },
      });
      return invitationId;
    });
    return { id, email, role, expiresAt: expiresAt.toISOString() };
  }

  private async pending(token: string): Promise<PendingInvitation> {
    const invitation = await this.invitations.findPending(sha256Hex(token), this.clock.now());
    if (invitation === undefined) throw invitationNotFound();
    return invitation;
  }

  async describe(token: string): Promise<InvitationDto> {
    const { email, partner, role, expiresAt } = await this.pending(token);
    return {
      email,
      partner: { slug: partner.slug, name: partner.name },
      role,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Accepts once (consumed in one atomic statement): a new person gets an account with this name and
   * password; a person who already has an account proves it with their current password. Signs in, in
   * the same transaction: under the credential generation the password was checked (or set) under, so
   * a password reset committed since the check leaves the invitation pending and answers 401.
   */
  async accept(token: string, name: string, password: string, ip: string): Promise<StartedSession> {
    const invitation = await this.pending(token);
    const partnerId = invitation.partner.id;
    const account = await this.users.findByEmail(invitation.email);
    let passwordHash: string | undefined;
    let provenGeneration: number | undefined;
    if (account !== undefined && account.status === 'disabled') {
      // Accepting never re-enables an account an administrator disabled.
      throw accountDisabled();
    }
    if (account !== undefined && account.passwordHash !== null) {
      // An existing account proves itself as at sign-in: throttled, audited, one argon2 check.
      const proven = await this.credentials.check(invitation.email, password, ip, 'invitation');
      if (proven?.id !== account.id) throw notItsPassword();
      provenGeneration = proven.credentialGeneration;
    } else {
      assertAcceptablePassword(password, invitation.email);
      passwordHash = await this.hasher.hash(password);
    }
    const now = this.clock.now();
    const accepted = await this.database.transaction(async (manager) => {
      if (!(await this.invitations.consume(partnerId, sha256Hex(token), now, manager))) {
        throw invitationNotFound();
      }
      let userId = account?.id;
      let generation = provenGeneration;
      if (userId === undefined) {
        const created = await this.users.createActive(
          {
            email: invitation.email,
            name: name.trim(),
            passwordHash,
          },
          manager,
        );
        userId = created.id;
        generation = created.credentialGeneration;
      } else if (passwordHash !== undefined) {
        generation = await this.users.activate(
          userId,
          { name: name.trim(), passwordHash },
          manager,
        );
        if (generation === undefined) throw accountDisabled();
      }
      await this.members.add(partnerId, userId, invitation.role, manager);
      await this.audit.recordForPartner(
        partnerId,
        {
          action: 'partner.invitation.accepted',
          actorUserId: userId,
          target: `invitation:${invitation.id}`,
          ip,
          metadata: { role: invitation.role },
        },
        manager,
      );
      const cookies =
        generation === undefined
          ? undefined
          : await this.auth.issueSession(userId, generation, manager);
      if (cookies === undefined) throw notItsPassword();
      return { userId, cookies };
    });
    return { session: await this.auth.session(accepted.userId), cookies: accepted.cookies };
  }
}

function notItsPassword(): ProblemException {
  return new ProblemException(
    401,
    'invalid_credentials',
    'An account with this e-mail exists: enter its current password to accept.',
  );
}

function accountDisabled(): ProblemException {
  return new ProblemException(
    403,
    'account_disabled',
    'The account of this e-mail is disabled: ask an administrator of the portal.',
  );
}
