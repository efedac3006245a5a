import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  DeclaredListQuery,
  defineList,
  keysetPage,
  type ListCursorCodec,
  type ListFrom,
  type ListQuery,
  mapPage,
  type Page,
} from '#src/common/list/index.js';
import { Database } from '#src/database/database.js';
import { raw, sql, type Sql } from '#src/database/sql.js';
import { fields, read, type Row, selection, table } from '#src/database/table.js';
import type { MembershipRole } from '#src/partners/membership.entity.js';
import { Invitation } from './invitation.entity.js';

/** The invitations table (docs/decisions.md, Data layer). */
export const INVITATIONS = table(Invitation);

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
 * not expired at `now` (an expression: the list's `:now`), and its inviter still an admin of the
 * partner (the acceptance re-checks it all in its atomic statement).
 */
function pendingText(table: string, now: string): string {
  return `${table}.accepted_at IS NULL AND ${table}.revoked_at IS NULL AND ${table}.expires_at > ${now}
    AND EXISTS (SELECT 1 FROM memberships inviter
                 WHERE inviter.partner_id = ${table}.partner_id
                   AND inviter.user_id = ${table}.invited_by_user_id AND inviter.role = 'admin')`;
}

/** `pendingText` of `table` at `now`, a parameter of a `sql` statement. */
function pending(table: 'i' | 'invitations', now: Date): Sql {
  const [before, after] = pendingText(table, '\u0000').split('\u0000') as [string, string];
  return sql`${raw(before)}${now}${raw(after)}`;
}

/** `invitations i` with its inviter `u` (none once the inviter's account is gone): the list's tables. */
const LISTED_TABLES: ListFrom = {
  table: 'invitations',
  alias: 'i',
  joins: [{ join: 'left', table: 'users', alias: 'u', on: 'u.id = i.invited_by_user_id' }],
};

/** An invitation as its partner's admins see it (the inviter flat: see `ListedInvitation`). */
const LISTED = selection(
  INVITATIONS.select('i', ['id', 'email', 'role', 'createdAt', 'expiresAt']),
  fields({
    invitedById: ['u.id', read.nullable(read.text)],
    invitedByName: ['u.name', read.nullable(read.text)],
  }),
);

/** A pending invitation and its partner `p`. */
const PENDING = selection(
  INVITATIONS.select('i', ['id', 'email', 'role', 'expiresAt']),
  fields({
    partnerId: ['p.id', read.text],
    partnerSlug: ['p.slug', read.text],
    partnerName: ['p.name', read.text],
  }),
);

const readId = (row: Row): string => read.text(row.id, 'id');

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
  constructor(private readonly db: Database) {}

  /** A new invitation of the same address to the same partner replaces the pending one. */
  async expirePending(
    partnerId: string,
    email: string,
    now: Date,
    manager: EntityManager,
  ): Promise<void> {
    await this.db.execute(
      sql`UPDATE invitations SET revoked_at = ${now}
           WHERE partner_id = ${partnerId} AND email = ${email}::citext
             AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}`,
      manager,
    );
  }

  /** One page of the partner's pending invitations (keyset: see INVITATION_LIST). */
  async pendingPage(
    partnerId: string,
    now: Date,
    query: ListQuery,
    codec: ListCursorCodec,
  ): Promise<Page<ListedInvitation>> {
    const source = new DeclaredListQuery<Invitation>({
      statement: 'partner-invitations',
      dataSource: this.db.dataSource,
      select: LISTED,
      from: LISTED_TABLES,
      conditions: [
        { sql: 'i.partner_id = :partnerId', parameters: { partnerId } },
        { sql: pendingText('i', ':now'), parameters: { now } },
      ],
    });
    const page = await keysetPage(source, {
      list: INVITATION_LIST,
      query,
      codec,
      boundTo: partnerId,
      read: LISTED.read,
    });
    return mapPage(page, ({ invitedById, invitedByName, ...invitation }) => ({
      ...invitation,
      invitedBy:
        invitedById === null || invitedByName === null
          ? null
          : { id: invitedById, name: invitedByName },
    }));
  }

  /** Revokes a pending invitation of the partner; false when there is none with this id. */
  async revoke(partnerId: string, id: string, now: Date, manager: EntityManager): Promise<boolean> {
    const revoked = await this.db.execute(
      sql`UPDATE invitations SET revoked_at = ${now}
           WHERE partner_id = ${partnerId} AND id = ${id} AND ${pending('invitations', now)}`,
      manager,
    );
    return revoked === 1;
  }

  /** Answers the new invitation's id. */
  create(partnerId: string, invitation: NewInvitation, manager: EntityManager): Promise<string> {
    return this.db.one(
      sql`INSERT INTO invitations
            (partner_id, email, role, token_hash, invited_by_user_id, created_at, expires_at, accepted_at)
          VALUES (${partnerId}, ${invitation.email}, ${invitation.role}, ${invitation.tokenHash},
                  ${invitation.invitedByUserId}, ${invitation.createdAt}, ${invitation.expiresAt}, NULL)
          RETURNING id`,
      readId,
      manager,
    );
  }

  /** The unused, unexpired invitation of a token hash, and its partner. */
  async findPending(tokenHash: string, now: Date): Promise<PendingInvitation | undefined> {
    const found = await this.db.maybeOne(
      sql`SELECT ${PENDING.list} FROM invitations i JOIN partners p ON p.id = i.partner_id
           WHERE i.token_hash = ${tokenHash} AND ${pending('i', now)}`,
      PENDING.read,
    );
    if (found === undefined) return undefined;
    const { partnerId, partnerSlug, partnerName, ...invitation } = found;
    return { ...invitation, partner: { id: partnerId, slug: partnerSlug, name: partnerName } };
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
    const accepted = await this.db.execute(
      sql`UPDATE invitations SET accepted_at = ${now}
           WHERE partner_id = ${partnerId} AND token_hash = ${tokenHash}
             AND ${pending('invitations', now)}`,
      manager,
    );
    return accepted === 1;
  }
}
