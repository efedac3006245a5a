import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OPEN_CLAIM_STATUSES } from '../overview/overview.lists.js';
import { Membership, type MembershipRole } from '../partners/membership.entity.js';
import { User, type UserStatus } from './user.entity.js';

/** A user as the identity code needs it. */
export interface UserAccount {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  status: UserStatus;
  isStaff: boolean;
  tokensValidAfter: Date | null;
}

/** What decides whether an access token still speaks for its user. */
export interface UserAccountState {
  status: UserStatus;
  tokensValidAfter: Date | null;
}

/** One partner a user belongs to, for the session body. */
export interface UserMembership {
  partner: { slug: string; name: string };
  role: MembershipRole;
  /** The partner's open claims (submitted, in review, info requested, approved). */
  openClaims: number;
}

/**
 * A partner's open claims (OPEN_CLAIM_STATUSES) from `claim_counts` (kept by triggers): a
 * primary-key range, however many claims it has (docs/api.md, Overview: open).
 */
const OPEN_CLAIMS = `(SELECT coalesce(sum(cc.claim_count), 0)::integer FROM claim_counts cc
  WHERE cc.partner_id = m.partner_id AND cc.status IN (:...openStatuses))`;

const ACCOUNT_COLUMNS = {
  id: true,
  email: true,
  name: true,
  passwordHash: true,
  status: true,
  isStaff: true,
  tokensValidAfter: true,
} as const;

/**
 * Every statement on `users` (and a user's own memberships): the one place of the identity code's user
 * queries. Methods that write take the EntityManager of the caller's transaction when there is one.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<UserAccount | undefined> {
    const user = await this.dataSource.getRepository(User).findOne({
      select: ACCOUNT_COLUMNS,
      where: { id },
    });
    return user ?? undefined;
  }

  /** citext: the address as typed, compared without regard to case. */
  async findByEmail(email: string): Promise<UserAccount | undefined> {
    const user = await this.dataSource.getRepository(User).findOne({
      select: ACCOUNT_COLUMNS,
      where: { email },
    });
    return user ?? undefined;
  }

  /** The account check of every authenticated route outside a partner. */
  async accountState(id: string): Promise<UserAccountState | undefined> {
    const user = await this.dataSource.getRepository(User).findOne({
      select: { status: true, tokensValidAfter: true },
      where: { id },
    });
    return user ?? undefined;
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(User).update({ id }, { lastSignInAt: at });
  }

  /** Access tokens issued before `validAfter` are refused from now on. */
  async invalidateTokens(id: string, validAfter: Date, manager: EntityManager): Promise<void> {
    await manager.getRepository(User).update({ id }, { tokensValidAfter: validAfter });
  }

  async setPassword(id: string, passwordHash: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(User).update({ id }, { passwordHash });
  }

  /** A new active account; answers its id. */
  async createActive(
    account: { email: string; name: string; passwordHash: string | undefined },
    manager: EntityManager,
  ): Promise<string> {
    const result = await manager.getRepository(User).insert({
      email: account.email,
      name: account.name,
      passwordHash: account.passwordHash ?? null,
      status: 'active',
    });
    const id: unknown = result.identifiers[0]?.id;
    if (typeof id !== 'string') throw new Error('INSERT INTO users returned no id');
    return id;
  }

  /** An account without a password (invited earlier) gets one, a name, and becomes active. */
  async activate(
    id: string,
    account: { name: string; passwordHash: string },
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .getRepository(User)
      .update({ id }, { name: account.name, passwordHash: account.passwordHash, status: 'active' });
  }

  /**
   * The partners the user belongs to, by partner name. A read across tenants by nature (the user's
   * own list), scoped by the user; the join still names `partner_id`.
   */
  async membershipsOf(userId: string): Promise<UserMembership[]> {
    const { entities, raw } = await this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.partner', 'p')
      .addSelect(OPEN_CLAIMS, 'open_claims')
      .where('m.userId = :userId', { userId, openStatuses: OPEN_CLAIM_STATUSES })
      .orderBy('p.name')
      .getRawAndEntities<{ m_id: string; open_claims: number | string }>();
    const openClaims = new Map(raw.map((row) => [row.m_id, Number(row.open_claims)]));
    return entities.flatMap(({ id, partner, role }) =>
      partner === undefined
        ? []
        : [
            {
              partner: { slug: partner.slug, name: partner.name },
              role,
              openClaims: openClaims.get(id) ?? 0,
            },
          ],
    );
  }
}
