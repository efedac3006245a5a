import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  DeclaredListQuery,
  defineList,
  fromClause,
  keysetPage,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  type Page,
} from '#src/common/list/index.js';
import { Database } from '#src/database/database.js';
import { raw, sql } from '#src/database/sql.js';
import { fields, read, selection, table, type ValueReader } from '#src/database/table.js';
import type { UserStatus } from '#src/users/user.entity.js';
import { Membership, type MembershipRole } from './membership.entity.js';

/** A person of a partner: the membership and the user's name, e-mail and state. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: MembershipRole;
  status: UserStatus;
  memberSince: Date;
}

/** The memberships table (docs/decisions.md, Data layer). */
export const MEMBERSHIPS = table(Membership);

/** `memberships m` with each member's user `u`: the list's tables and every member statement's. */
const MEMBER_TABLES: ListFrom = {
  table: 'memberships',
  alias: 'm',
  joins: [{ join: 'inner', table: 'users', alias: 'u', on: 'u.id = m.user_id' }],
};
const MEMBER_FROM = raw(fromClause(MEMBER_TABLES));

/** A member as `Member`: the membership's columns and its user's. */
const MEMBER = selection(
  MEMBERSHIPS.select('m', ['userId', 'role']),
  fields({
    email: ['u.email', read.text],
    name: ['u.name', read.text],
    status: ['u.status', read.text as ValueReader<UserStatus>],
    memberSince: ['m.created_at', read.date],
  }),
);

/**
 * The members list (`GET /api/partners/{slug}/members`): by name by default; a role sorts by rank
 * (viewer, manager, admin), ties broken by the user id.
 */
export const MEMBER_LIST = defineList({
  id: 'partner-members',
  sortFields: {
    name: 'u.name',
    email: 'u.email',
    role: "CASE m.role WHEN 'viewer' THEN 1 WHEN 'manager' THEN 2 ELSE 3 END",
    memberSince: 'm.created_at',
  },
  defaultSort: 'name',
  idColumn: 'm.user_id',
});

/**
 * Every statement on `memberships` of one partner. Tenant data: every method takes the partner id
 * first, and every statement is scoped by it (the integration suite fails on one that is not).
 * Methods that write take the EntityManager of the caller's transaction.
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly db: Database) {}

  /** One page of the partner's members (keyset: see MEMBER_LIST), with the exact total. */
  page(partnerId: string, query: ListQuery, codec: ListCursorCodec): Promise<Page<Member>> {
    const members = new DeclaredListQuery<Membership>({
      statement: 'partner-members',
      dataSource: this.db.dataSource,
      select: MEMBER,
      from: MEMBER_TABLES,
      conditions: [{ sql: 'm.partner_id = :partnerId', parameters: { partnerId } }],
    });
    return keysetPage(members, {
      list: MEMBER_LIST,
      query,
      codec,
      boundTo: partnerId,
      read: MEMBER.read,
    });
  }

  find(partnerId: string, userId: string, manager?: EntityManager): Promise<Member | undefined> {
    return this.db.maybeOne(
      sql`SELECT ${MEMBER.list} FROM ${MEMBER_FROM}
           WHERE m.partner_id = ${partnerId} AND m.user_id = ${userId}`,
      MEMBER.read,
      manager,
    );
  }

  /** Whether someone with this e-mail (citext: regardless of case) is already a member. */
  async hasMemberWithEmail(partnerId: string, email: string): Promise<boolean> {
    const found = await this.db.execute(
      sql`SELECT 1 FROM ${MEMBER_FROM}
           WHERE m.partner_id = ${partnerId} AND u.email = ${email}::citext LIMIT 1`,
    );
    return found > 0;
  }

  /** The member's role, the membership row locked until the transaction ends. */
  lockRole(
    partnerId: string,
    userId: string,
    manager: EntityManager,
  ): Promise<MembershipRole | undefined> {
    return this.db.maybeOne(
      sql`SELECT m.role FROM memberships m
           WHERE m.partner_id = ${partnerId} AND m.user_id = ${userId} FOR UPDATE`,
      (row) => ROLE.read(row).role,
      manager,
    );
  }

  /** How many admins the partner has, their rows locked until the transaction ends. */
  lockAdmins(partnerId: string, manager: EntityManager): Promise<number> {
    return this.db.execute(
      sql`SELECT 1 FROM memberships m
           WHERE m.partner_id = ${partnerId} AND m.role = 'admin' FOR UPDATE`,
      manager,
    );
  }

  async setRole(
    partnerId: string,
    userId: string,
    role: MembershipRole,
    manager: EntityManager,
  ): Promise<void> {
    await this.db.execute(
      sql`UPDATE memberships SET role = ${role}
           WHERE partner_id = ${partnerId} AND user_id = ${userId}`,
      manager,
    );
  }

  async remove(partnerId: string, userId: string, manager: EntityManager): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM memberships WHERE partner_id = ${partnerId} AND user_id = ${userId}`,
      manager,
    );
  }

  /** Adds the user with this role; an existing membership stays as it is. */
  async add(
    partnerId: string,
    userId: string,
    role: MembershipRole,
    manager: EntityManager,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO memberships (partner_id, user_id, role)
          VALUES (${partnerId}, ${userId}, ${role})
          ON CONFLICT DO NOTHING`,
      manager,
    );
  }
}

const ROLE = MEMBERSHIPS.select('m', ['role']);
