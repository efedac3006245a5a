import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';
import type { MembershipRole } from '../partners/membership.entity.js';
import { Invitation } from './invitation.entity.js';

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
        { partnerId, email, acceptedAt: IsNull(), expiresAt: MoreThan(now) },
        { expiresAt: now },
      );
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
      .where('i.tokenHash = :tokenHash AND i.acceptedAt IS NULL AND i.expiresAt > :now', {
        tokenHash,
        now,
      })
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

  /** Accepts in one atomic statement: true for exactly one of concurrent acceptances. */
  async consume(
    partnerId: string,
    tokenHash: string,
    now: Date,
    manager: EntityManager,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(Invitation)
      .update(
        { partnerId, tokenHash, acceptedAt: IsNull(), expiresAt: MoreThan(now) },
        { acceptedAt: now },
      );
    return result.affected === 1;
  }
}
