import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.js';
import { raw, sql, type Sql } from '../database/sql.js';
import { fields, read, table } from '../database/table.js';
import { OPEN_CLAIM_STATUSES } from '../claims/claim-lifecycle.js';
import type { MembershipRole } from '../partners/membership.entity.js';
import { User, type UserStatus } from './user.entity.js';

/** The users table (docs/decisions.md, Data access). */
export const USERS = table(User);

/** A user as the identity code needs it. */
export type UserAccount = ReturnType<typeof ACCOUNT.read>;

/** The columns of a user the identity code reads. */
const ACCOUNT = USERS.select('u', [
  'id',
  'email',
  'name',
  'passwordHash',
  'status',
  'isStaff',
  'credentialGeneration',
]);

/** What decides whether an access token still speaks for its user. */
export interface UserAccountState {
  status: UserStatus;
  /** The user's current credential generation: a token of another one has ended. */
  credentialGeneration: number;
  /** The token's session was signed out (its refresh family revoked), or never issued to this user. */
  sessionRevoked: boolean;
  /** A member of the network's staff (docs/product.md §2): what the staff routes require. */
  isStaff: boolean;
}

/** The account check of the routes outside a partner (`UsersRepository.accountState`). */
export interface AccountCheck extends UserAccountState {
  /**
   * A staff account's role in each partner it belongs to, by partner slug: what separation of duties
   * reads on the staff routes (docs/product.md §3a), read with the account so that the staff queue
   * sends no statement of its own for it. Empty for an account that is not staff.
   */
  staffRoles: ReadonlyMap<string, MembershipRole>;
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

/** `sessionRevokedSql` of a session id, as a parameter of a `sql` statement. */
export function sessionRevoked(sessionId: string): Sql {
  const [before, after] = sessionRevokedSql('\u0000').split('\u0000') as [string, string];
  return sql`${raw(before)}${sessionId}${raw(after)}`;
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
const OPEN_CLAIMS = sql`(SELECT coalesce(sum(cc.claim_count), 0)::integer FROM claim_counts cc
  WHERE cc.partner_id = m.partner_id AND cc.status = ANY(${[...OPEN_CLAIM_STATUSES]}::text[]))`;

/** A membership as the session body shows it: the partner's slug and name, the role, open claims. */
const MEMBERSHIP = fields({
  slug: ['p.slug', read.text],
  partnerName: ['p.name', read.text],
  role: ['m.role', read.text as (value: unknown, name: string) => MembershipRole],
  openClaims: [OPEN_CLAIMS, read.integer],
});

/** A staff member as the assignee picker lists them (docs/api.md, `GET /api/staff/users`). */
const STAFF_MEMBER = USERS.select('u', ['id', 'name', 'email']);
export type StaffMember = ReturnType<typeof STAFF_MEMBER.read>;

/** The columns of the account check (with whether the token's session was revoked). */
const ACCOUNT_STATE = USERS.select('u', ['status', 'credentialGeneration', 'isStaff']);

/**
 * A staff account's memberships as `{ slug: role }` (json), one index range of
 * `memberships_user_id_idx`; NULL, and not read, for any other account.
 */
const STAFF_ROLES = fields({
  staffRoles: [
    `CASE WHEN u.is_staff THEN (SELECT coalesce(json_object_agg(p.slug, m.role), '{}'::json)
       FROM memberships m JOIN partners p ON p.id = m.partner_id WHERE m.user_id = u.id) END`,
    (value, name): ReadonlyMap<string, MembershipRole> => {
      if (value === null) return new Map();
      if (typeof value !== 'object' || Array.isArray(value))
        throw new Error(`${name} is not an object`);
      return new Map(
        Object.entries(value as Record<string, unknown>).map(([slug, role]) => [
          slug,
          read.text(role, `${name}.${slug}`) as MembershipRole,
        ]),
      );
    },
  ],
});

/**
 * Every statement on `users` (and a user's own memberships): the one place of the identity code's user
 * queries. Methods that write take the EntityManager of the caller's transaction when there is one.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  findById(id: string): Promise<UserAccount | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ACCOUNT.list} FROM users u WHERE u.id = ${id}`,
      ACCOUNT.read,
    );
  }

  /** citext: the address as typed, compared without regard to case. */
  findByEmail(email: string): Promise<UserAccount | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ACCOUNT.list} FROM users u WHERE u.email = ${email}::citext`,
      ACCOUNT.read,
    );
  }

  /**
   * An e-mail address folded as `users.email` (citext) compares it: lower() in the database's collation,
   * which may fold a character otherwise than JavaScript does (`İ`).
   */
  async foldEmail(email: string): Promise<string> {
    const folded = await this.db.maybeOne(sql`SELECT lower(${email}::text) AS folded`, (row) =>
      read.text(row.folded, 'folded'),
    );
    return folded ?? email.toLowerCase();
  }

  /**
   * The account check of every authenticated route outside a partner, for the token's session; a
   * staff account's memberships with it (`staffRoles`).
   */
  accountState(id: string, sessionId: string): Promise<AccountCheck | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${ACCOUNT_STATE.list}, ${STAFF_ROLES.list}, ${sessionRevoked(sessionId)} AS "sessionRevoked"
            FROM users u WHERE u.id = ${id}`,
      (row) => ({
        ...ACCOUNT_STATE.read(row),
        ...STAFF_ROLES.read(row),
        sessionRevoked: read.boolean(row.sessionRevoked, 'sessionRevoked'),
      }),
    );
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.db.execute(sql`UPDATE users SET last_sign_in_at = ${at} WHERE id = ${id}`);
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
    const password =
      change.passwordHash === undefined ? sql`` : sql`, password_hash = ${change.passwordHash}`;
    await this.db.execute(
      sql`UPDATE users SET credential_generation = credential_generation + 1,
            tokens_valid_after = GREATEST(tokens_valid_after, now())${password}
          WHERE id = ${id}`,
      manager,
    );
  }

  /**
   * Replaces a password's hash by one of the same password at another cost, unless the password was
   * changed meanwhile (the statement's guard): a re-hash never undoes a reset.
   */
  async rehash(id: string, from: string, to: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE users SET password_hash = ${to} WHERE id = ${id} AND password_hash = ${from}`,
    );
  }

  /** A new active account; answers its id and credential generation. */
  createActive(
    account: { email: string; name: string; passwordHash: string | undefined },
    manager: EntityManager,
  ): Promise<{ id: string; credentialGeneration: number }> {
    return this.db.one(
      sql`INSERT INTO users (email, name, password_hash, status)
          VALUES (${account.email}, ${account.name}, ${account.passwordHash ?? null}, 'active')
          RETURNING ${USERS.select('users', ['id', 'credentialGeneration']).list}`,
      USERS.select('users', ['id', 'credentialGeneration']).read,
      manager,
    );
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
    const activated = await this.db.maybeOne(
      sql`UPDATE users SET name = ${account.name}, password_hash = ${account.passwordHash},
            status = 'active'
          WHERE id = ${id} AND status <> 'disabled'
          RETURNING ${GENERATION.list}`,
      GENERATION.read,
      manager,
    );
    return activated?.credentialGeneration;
  }

  /**
   * The partners the user belongs to, by partner name. A read across tenants by nature (the user's
   * own list), scoped by the user; the join still names `partner_id`.
   */
  async membershipsOf(userId: string): Promise<UserMembership[]> {
    const rows = await this.db.rows(
      sql`SELECT ${MEMBERSHIP.list} FROM memberships m
            JOIN partners p ON p.id = m.partner_id
          WHERE m.user_id = ${userId} ORDER BY p.name`,
      MEMBERSHIP.read,
    );
    return rows.map(({ slug, partnerName, role, openClaims }) => ({
      partner: { slug, name: partnerName },
      role,
      openClaims,
    }));
  }

  /**
   * The active staff users, by name (then id): whom a claim may be assigned to (the same rule as the
   * assignment's guarded UPDATE in `claims/claims.repository.ts`). Users are not tenant data.
   */
  activeStaff(): Promise<StaffMember[]> {
    return this.db.rows(
      sql`SELECT ${STAFF_MEMBER.list} FROM users u
          WHERE u.is_staff AND u.status = 'active' ORDER BY u.name, u.id`,
      STAFF_MEMBER.read,
    );
  }
}

const GENERATION = USERS.select('users', ['credentialGeneration']);
