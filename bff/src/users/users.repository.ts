import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OPEN_CLAIM_STATUSES } from '../claims/claim-lifecycle.js';
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
  /** Read with the password hash, in one statement: the generation a check of that hash speaks for. */
  credentialGeneration: number;
}

/** What decides whether an access token still speaks for its user. */
export interface UserAccountState {
  status: UserStatus;
  /** The user's current credential generation: a token of another one has ended. */
  credentialGeneration: number;
  /** The token's session was signed out (its refresh family revoked), or never issued to this user. */
  sessionRevoked: boolean;
}

/**
 * Whether refresh family `$n` (an access token's `sid`) is NOT a live session of user `u`: never issued
 * (no refresh token of that family), issued to another user, or revoked (signed out). A subquery of the
 * account checks (the statement's user is `u`), so such an access token is refused at once, in the same
 * round trip, however well it is signed (docs/api.md, Access tokens). One index range of the family
 * (`refresh_tokens_family_id_idx`): a session has one row per refresh.
 */
export function sessionRevokedSql(parameter: string): string {
  return `coalesce((SELECT bool_or(r.revoked_at IS NOT NULL OR r.user_id <> u.id) FROM refresh_tokens r WHERE r.family_id = ${parameter}), true)`;
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
  credentialGeneration: true,
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

  /**
   * An e-mail address folded as `users.email` (citext) compares it: lower() in the database's collation,
   * which may fold a character otherwise than JavaScript does (`İ`).
   */
  async foldEmail(email: string): Promise<string> {
    const rows = (await this.dataSource.query('SELECT lower($1::text) AS folded', [email])) as {
      folded: string;
    }[];
    return rows[0]?.folded ?? email.toLowerCase();
  }

  /** The account check of every authenticated route outside a partner, for the token's session. */
  async accountState(id: string, sessionId: string): Promise<UserAccountState | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT u.status, u.credential_generation, ${sessionRevokedSql('$2')} AS session_revoked
         FROM users u WHERE u.id = $1`,
      [id, sessionId],
    )) as { status: UserStatus; credential_generation: number; session_revoked: boolean }[];
    const row = rows[0];
    return row === undefined
      ? undefined
      : {
          status: row.status,
          credentialGeneration: row.credential_generation,
          sessionRevoked: row.session_revoked,
        };
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(User).update({ id }, { lastSignInAt: at });
  }

  /**
   * Ends every session of the user issued so far, in one statement: the credential generation moves
   * on (a session of an earlier one is refused from now on) and `tokens_valid_after` records when, by
   * the database's clock and never backwards; with `passwordHash`, the new password is set in the same
   * statement, so a hash and the generation it was checked under are always read together.
   */
  async endSessions(
    id: string,
    manager: EntityManager,
    change: { passwordHash?: string } = {},
  ): Promise<void> {
    await manager
      .getRepository(User)
      .createQueryBuilder()
      .update()
      .set({
        credentialGeneration: () => 'credential_generation + 1',
        tokensValidAfter: () => 'GREATEST(tokens_valid_after, now())',
        ...(change.passwordHash === undefined ? {} : { passwordHash: change.passwordHash }),
      })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * Replaces a password's hash by one of the same password at another cost, unless the password was
   * changed meanwhile (the statement's guard): a re-hash never undoes a reset.
   */
  async rehash(id: string, from: string, to: string): Promise<void> {
    await this.dataSource
      .getRepository(User)
      .update({ id, passwordHash: from }, { passwordHash: to });
  }

  /** A new active account; answers its id and credential generation. */
  async createActive(
    account: { email: string; name: string; passwordHash: string | undefined },
    manager: EntityManager,
  ): Promise<{ id: string; credentialGeneration: number }> {
    const result = await manager.getRepository(User).insert({
      email: account.email,
      name: account.name,
      passwordHash: account.passwordHash ?? null,
      status: 'active',
    });
    const id: unknown = result.identifiers[0]?.id;
    const generation: unknown = result.generatedMaps[0]?.credentialGeneration;
    if (typeof id !== 'string' || typeof generation !== 'number') {
      throw new Error('INSERT INTO users returned no id or credential generation');
    }
    return { id, credentialGeneration: generation };
  }

  /**
   * An account without a password (invited earlier) gets one, a name, and becomes active; a disabled
   * account stays as it is (the statement's guard, whatever the caller checked before). Answers the
   * credential generation the password was set under, undefined when the account was not activated.
   */
  async activate(
    id: string,
    account: { name: string; passwordHash: string },
    manager: EntityManager,
  ): Promise<number | undefined> {
    const result = await manager
      .getRepository(User)
      .createQueryBuilder()
      .update()
      .set({ name: account.name, passwordHash: account.passwordHash, status: 'active' })
      .where('id = :id AND status <> :disabled', { id, disabled: 'disabled' })
      .returning('credential_generation')
      .execute();
    const rows = result.raw as { credential_generation: number }[];
    return rows[0]?.credential_generation;
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
