import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserStatus } from '../users/user.entity.js';
import { type UserAccountState, sessionRevokedSql } from '../users/users.repository.js';
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
 * The partner guard's statement, on every request of every partner route: the account's state, the
 * partner and the membership in ONE round trip, written by hand because it pays: one round trip
 * against three Repository lookups (`pnpm --filter @partner-portal/bff bench`; the figures:
 * docs/performance.md, "What authentication and authorization cost"). Sent unnamed (no
 * per-connection prepared statement), so it works behind a transaction pooler; that costs a parse
 * and plan per request (measured in the same section); the membership is a scalar subquery on its
 * unique (partner, user) key rather than a third join, which PostgreSQL plans in about three quarters
 * of the time (docs/performance.md, "Where a request's time goes").
 */
export const PARTNER_ACCESS_SQL = `SELECT u.status, u.is_staff, u.credential_generation,
              ${sessionRevokedSql('$3')} AS session_revoked,
              p.id AS partner_id, p.slug, p.name, p.currency, p.time_zone, p.status AS partner_status,
              (SELECT m.role FROM memberships m WHERE m.partner_id = p.id AND m.user_id = u.id) AS role
         FROM users u
         LEFT JOIN partners p ON p.slug = $2
        WHERE u.id = $1`;

interface PartnerAccessRow {
  status: UserStatus;
  is_staff: boolean;
  credential_generation: number;
  session_revoked: boolean;
  partner_id: string | null;
  slug: string | null;
  name: string | null;
  currency: string | null;
  time_zone: string | null;
  partner_status: PartnerStatus | null;
  role: MembershipRole | null;
}

/** Resolves a partner for a caller: the tenant-resolving read (every later statement is by partner id). */
@Injectable()
export class PartnersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** undefined when the user does not exist. */
  async accessOf(
    userId: string,
    sessionId: string,
    slug: string,
  ): Promise<PartnerAccessFacts | undefined> {
    const rows = (await this.dataSource.query(PARTNER_ACCESS_SQL, [
      userId,
      slug,
      sessionId,
    ])) as PartnerAccessRow[];
    const row = rows[0];
    if (row === undefined) return undefined;
    const partner =
      row.partner_id === null ||
      row.slug === null ||
      row.name === null ||
      row.currency === null ||
      row.time_zone === null ||
      row.partner_status === null
        ? undefined
        : {
            id: row.partner_id,
            slug: row.slug,
            name: row.name,
            currency: row.currency.trim(),
            timeZone: row.time_zone,
            status: row.partner_status,
          };
    return {
      account: {
        status: row.status,
        isStaff: row.is_staff,
        credentialGeneration: row.credential_generation,
        sessionRevoked: row.session_revoked,
      },
      partner,
      role: partner === undefined ? null : row.role,
    };
  }
}
