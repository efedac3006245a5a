import { Injectable } from '@nestjs/common';
import { Database } from '#src/database/database.js';
import { sql } from '#src/database/sql.js';
import { fields, read, selection, type ValueReader } from '#src/database/table.js';
import { type UserAccountState, USERS, sessionRevokedSql } from '#src/users/users.repository.js';
import type { MembershipRole } from './membership.entity.js';
import type { PartnerStatus } from './partner.entity.js';

/** A partner as every partner route sees it. */
export interface PartnerSummary {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timeZone: string;
  status: PartnerStatus;
}

/** What the partner guard decides on: the caller's account, the partner of the slug, the membership. */
export interface PartnerAccessFacts {
  account: UserAccountState;
  /** undefined when no partner has this slug. */
  partner: PartnerSummary | undefined;
  /** The caller's role in it; null when not a member. */
  role: MembershipRole | null;
}

/**
 * What the partner guard's statement selects: the account's state (and whether the token's session
 * was revoked, `$3`), the partner of the slug (`$2`, none when no partner has it) and the caller's
 * membership, a scalar subquery on its unique (partner, user) key.
 */
const ACCESS = selection(
  USERS.select('u', ['status', 'isStaff', 'credentialGeneration']),
  fields({
    sessionRevoked: [sessionRevokedSql('$3'), read.boolean],
    partnerId: ['p.id', read.nullable(read.text)],
    slug: ['p.slug', read.nullable(read.text)],
    name: ['p.name', read.nullable(read.text)],
    currency: ['p.currency', read.nullable(read.text)],
    timeZone: ['p.time_zone', read.nullable(read.text)],
    partnerStatus: ['p.status', read.nullable(read.text as ValueReader<PartnerStatus>)],
    role: [
      '(SELECT m.role FROM memberships m WHERE m.partner_id = p.id AND m.user_id = u.id)',
      read.nullable(read.text as ValueReader<MembershipRole>),
    ],
  }),
);

/**
 * The partner guard's statement, on every request of every partner route: the account's state, the
 * partner and the membership in ONE round trip, written by hand because it pays: one round trip
 * against three Repository lookups (`pnpm --filter @partner-portal/bff bench`; the figures:
 * docs/performance.md, "What authentication and authorization cost"). Run by `Database` like every
 * statement (named unless `DATABASE_PREPARED_STATEMENTS=false`, for a transaction pooler); the
 * membership is a scalar subquery on its unique (partner, user) key rather than a third join, which
 * PostgreSQL plans in about three quarters of the time (docs/performance.md, "Where a request's time
 * goes"). Its parameters are positional (`$1` the user, `$2` the slug, `$3` the session), so that
 * the bench replays the same text.
 */
export const PARTNER_ACCESS_SQL = sql`SELECT ${ACCESS.list}
         FROM users u
         LEFT JOIN partners p ON p.slug = $2
        WHERE u.id = $1`.text;

/** Resolves a partner for a caller: the tenant-resolving read (every later statement is by partner id). */
@Injectable()
export class PartnersRepository {
  constructor(private readonly db: Database) {}

  /** undefined when the user does not exist. */
  async accessOf(
    userId: string,
    sessionId: string,
    slug: string,
  ): Promise<PartnerAccessFacts | undefined> {
    const row = await this.db.maybeOne(
      { text: PARTNER_ACCESS_SQL, values: [userId, slug, sessionId] },
      ACCESS.read,
    );
    if (row === undefined) return undefined;
    const partner =
      row.partnerId === null ||
      row.slug === null ||
      row.name === null ||
      row.currency === null ||
      row.timeZone === null ||
      row.partnerStatus === null
        ? undefined
        : {
            id: row.partnerId,
            slug: row.slug,
            name: row.name,
            currency: row.currency.trim(),
            timeZone: row.timeZone,
            status: row.partnerStatus,
          };
    return {
      account: {
        status: row.status,
        isStaff: row.isStaff,
        credentialGeneration: row.credentialGeneration,
        sessionRevoked: row.sessionRevoked,
      },
      partner,
      role: partner === undefined ? null : row.role,
    };
  }
}
