import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';
import {
  defineList,
  keysetPage,
  type ListCursorCodec,
  type ListQuery,
  mapPage,
  type Page,
} from '../common/list/index.js';
import type { MembershipRole } from '../partners/membership.entity.js';
import { Invitation } from './invitation.entity.js';

/** An invitation still waiting for its invitee, as its partner's admins see it. */
export interface ListedInvitation {
  id: string;
  email: string;
  role: MembershipRole;
  invitedBy: { id: string; name: string } | null;
  createdAt: Date;
  expiresAt: Date;
}

/** The pending invitations (`GET /api/partners/{slug}/invitations`): newest first by default. */
export const INVITATION_LIST = defineList({
  id: 'partner-invitations',
  sortFields: { createdAt: 'i.created_at', expiresAt: 'i.expires_at', email: 'i.email' },
  defaultSort: '-createdAt',
  idColumn: 'i.id',
});

/**
 * What makes an invitation (`table`: its alias or name) pending: not accepted, not revoked or voided,
 * not expired, and its inviter still an admin of the partner (the acceptance re-checks it all in its
 * atomic statement). Bound to `:now`.
 */
function pending(table: string): string {
  return `${table}.accepted_at IS NULL AND ${table}.revoked_at IS NULL AND ${table}.expires_at > :now
    AND EXISTS (SELECT 1 FROM memberships inviter
                 WHERE inviter.partner_id = ${table}.partner_id
                   AND inviter.user_id = ${table}.invited_by_user_id AND inviter.role = 'admin')`;
}

/** A pending invitation, with the partner it is to. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: MembershipRole;
  expiresAt: Date;
  partner: { id: string; slug: string; name: string };
}

export interface NewInvitation {
  email: string;
  role: MembershipRole;
  tokenHash: string;
  invitedByUserId: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Every statement on `invitations`. Tenant data: every method takes the partner id first, except
 * `findPending`, which resolves the partner from the token (the token is the invitee's only credential).
 */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new invitation of the same address to the same partner replaces the pending one. */
  async expirePending(
    partnerId: string,
    email: string,
    now: Date,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .getRepository(Invitation)
      .update(
        { partnerId, email, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(now) },
        { revokedAt: now },
      );
  }

  /** One page of the partner's pending invitations (keyset: see INVITATION_LIST). */
  async pendingPage(
    partnerId: string,
    now: Date,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ListedInvitation>> {
    const source = this.dataSource
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .leftJoinAndSelect('i.invitedBy', 'u')
      .where('i.partnerId = :partnerId', { partnerId })
      .andWhere(pending('i'), { now });
    const page = await keysetPage(source, {
      list: INVITATION_LIST,
      query,
      codec,
      boundTo: partnerId,
    });
    return mapPage(page, (invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedBy:
        invitation.invitedBy === null || invitation.invitedBy === undefined
          ? null
          : { id: invitation.invitedBy.id, name: invitation.invitedBy.name },
      createdAt: invitation.createdAt,
      expiresAt: invitation.expiresAt,
    }));
  }

  /** Revokes a pending invitation of the partner; false when there is none with this id. */
  async revoke(partnerId: string, id: string, now: Date, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .getRepository(Invitation)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: now })
      .where('partner_id = :partnerId AND id = :id', { partnerId, id })
      .andWhere(pending('invitations'), { now })
      .execute();
    return result.affected === 1;
  }

  /** Answers the new invitation's id. */
  async create(
    partnerId: string,
    invitation: NewInvitation,
    manager: EntityManager,
  ): Promise<string> {
    const result = await manager
      .getRepository(Invitation)
      .insert({ ...invitation, partnerId, acceptedAt: null });
    const id: unknown = result.identifiers[0]?.id;
    if (typeof id !== 'string') throw new Error('INSERT INTO invitations returned no id');
    return id;
  }

  /** The unused, unexpired invitation of a token hash, and its partner. */
  async findPending(tokenHash: string, now: Date): Promise<PendingInvitation | undefined> {
    const invitation = await this.dataSource
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .innerJoinAndSelect('i.partner', 'p')
      .where('i.tokenHash = :tokenHash', { tokenHash })
      .andWhere(pending('i'), { now })
      .getOne();
    if (invitation?.partner === undefined) return undefined;
    const { id, email, role, expiresAt, partner } = invitation;
    return {
      id,
      email,
      role,
      expiresAt,
      partner: { id: partner.id, slug: partner.slug, name: partner.name },
    };
  }

  /**
   * Accepts in one atomic statement, re-checking everything that makes it pending (its inviter still
   * an admin included): true for exactly one of concurrent acceptances.
   */
  async consume(
    partnerId: string,
    tokenHash: string,
    now: Date,
    manager: EntityManager,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(Invitation)
      .createQueryBuilder()
      .update()
      .set({ acceptedAt: now })
      .where('partner_id = :partnerId AND token_hash = :tokenHash', { partnerId, tokenHash })
      .andWhere(pending('invitations'), { now })
      .execute();
    return result.affected === 1;
  }
}
