import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.js';
import { prepared, raw, sql } from '../database/sql.js';
import { fields, read, table } from '../database/table.js';
import { DigestRun } from './digest-run.entity.js';
import {
  type ClaimUpdatesChoice,
  type DigestChoice,
  NotificationPreference,
} from './notification-preference.entity.js';

/** The tables of this feature (docs/decisions.md, Data access). */
export const NOTIFICATION_PREFERENCES = table(NotificationPreference);
export const DIGEST_RUNS = table(DigestRun);

/** One person's choices for one partner (docs/product.md, Notification preferences). */
export interface Preferences {
  claimUpdates: ClaimUpdatesChoice;
  filingDeadlines: DigestChoice;
  lowStock: DigestChoice;
}

/** The defaults: what a person without a saved row is told. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  claimUpdates: 'instant',
  filingDeadlines: 'daily_digest',
  lowStock: 'daily_digest',
};

/**
 * The choices of the row `n` (LEFT JOINed: absent is the defaults), spelled once for every statement
 * that reads them.
 */
const CHOICES = fields({
  claimUpdates: [
    `coalesce(n.claim_updates, '${DEFAULT_PREFERENCES.claimUpdates}')`,
    read.text as (value: unknown, name: string) => ClaimUpdatesChoice,
  ],
  filingDeadlines: [
    `coalesce(n.filing_deadlines, '${DEFAULT_PREFERENCES.filingDeadlines}')`,
    read.text as (value: unknown, name: string) => DigestChoice,
  ],
  lowStock: [
    `coalesce(n.low_stock, '${DEFAULT_PREFERENCES.lowStock}')`,
    read.text as (value: unknown, name: string) => DigestChoice,
  ],
});

/** A partner of the caller with their choices, as `GET /api/me/notifications` lists it. */
const OWN_PARTNER = fields({
  partnerId: ['p.id', read.text],
  slug: ['p.slug', read.text],
  name: ['p.name', read.text],
});
export type PartnerPreferences = ReturnType<typeof OWN_PARTNER.read> & Preferences;

/** A partner whose day has reached the digest's hour, with that day. */
const DUE_PARTNER = fields({
  id: ['p.id', read.text],
  slug: ['p.slug', read.text],
  name: ['p.name', read.text],
  timeZone: ['p.time_zone', read.text],
});
export type DuePartner = ReturnType<typeof DUE_PARTNER.read> & { localDay: string };

/**
 * Active partners whose local time at `$1` is at or past `$2` (`HH:MM`), with their local day. Reads
 * `partners` whole (not tenant data); a few thousand rows once per scheduler tick.
 */
const DUE_PARTNERS = prepared<{ now: Date; hour: string }>(
  (p) => sql`SELECT ${DUE_PARTNER.list},
         (${p.now}::timestamptz AT TIME ZONE p.time_zone)::date::text AS "localDay"
    FROM partners p
   WHERE p.status = 'active'
     AND (${p.now}::timestamptz AT TIME ZONE p.time_zone)::time >= ${p.hour}::time
   ORDER BY p.id`,
);

/** A member of a partner who wants some digest and has none for the day yet. */
const RECIPIENT = fields({
  userId: ['u.id', read.text],
  email: ['u.email', read.text],
  name: ['u.name', read.text],
  lastRunAt: [
    `(SELECT max(r.ran_at) FROM digest_runs r WHERE r.partner_id = m.partner_id AND r.user_id = m.user_id)`,
    read.nullable(read.date),
  ],
});
export type DigestRecipient = ReturnType<typeof RECIPIENT.read> & Preferences;

const RECIPIENTS = prepared<{ partnerId: string; localDay: string }>(
  (p) => sql`SELECT ${RECIPIENT.list}, ${CHOICES.list}
    FROM memberships m
    JOIN users u ON u.id = m.user_id AND u.status = 'active'
    LEFT JOIN notification_preferences n ON n.partner_id = m.partner_id AND n.user_id = m.user_id
   WHERE m.partner_id = ${p.partnerId}
     AND (coalesce(n.filing_deadlines, '${raw(DEFAULT_PREFERENCES.filingDeadlines)}') <> 'off'
          OR coalesce(n.low_stock, '${raw(DEFAULT_PREFERENCES.lowStock)}') <> 'off')
     AND NOT EXISTS (SELECT 1 FROM digest_runs r
                      WHERE r.partner_id = m.partner_id AND r.user_id = m.user_id
                        AND r.local_day = ${p.localDay}::date)
   ORDER BY u.id`,
);

/**
 * Every statement on notification preferences and digest runs: a person's choices across their
 * partners (scoped by the person, each joined by `partner_id`), a partner's digest recipients, and the
 * claim of a digest's day.
 */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /** The caller's partners (by name) with their choices, defaults where nothing was saved. */
  async ofUser(userId: string): Promise<PartnerPreferences[]> {
    return this.db.rows(
      sql`SELECT ${OWN_PARTNER.list}, ${CHOICES.list}
            FROM memberships m
            JOIN partners p ON p.id = m.partner_id
            LEFT JOIN notification_preferences n
              ON n.partner_id = m.partner_id AND n.user_id = m.user_id
           WHERE m.user_id = ${userId}
           ORDER BY p.name, p.id`,
      (row) => ({ ...OWN_PARTNER.read(row), ...CHOICES.read(row) }),
    );
  }

  /** One person's choices for one partner (defaults without a row). */
  async of(partnerId: string, userId: string, manager?: EntityManager): Promise<Preferences> {
    const saved = await this.db.maybeOne(
      sql`SELECT ${CHOICES.list} FROM notification_preferences n
           WHERE n.partner_id = ${partnerId} AND n.user_id = ${userId}`,
      CHOICES.read,
      manager,
    );
    return saved ?? { ...DEFAULT_PREFERENCES };
  }

  /** Writes one person's choices for one partner (the whole row: the caller merged what was kept). */
  async save(
    partnerId: string,
    userId: string,
    choices: Preferences,
    at: Date,
    manager: EntityManager,
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO notification_preferences
            (partner_id, user_id, claim_updates, filing_deadlines, low_stock, updated_at)
          VALUES (${partnerId}, ${userId}, ${choices.claimUpdates}, ${choices.filingDeadlines},
                  ${choices.lowStock}, ${at})
          ON CONFLICT ON CONSTRAINT notification_preferences_pkey DO UPDATE
            SET claim_updates = EXCLUDED.claim_updates,
                filing_deadlines = EXCLUDED.filing_deadlines,
                low_stock = EXCLUDED.low_stock,
                updated_at = EXCLUDED.updated_at`,
      manager,
    );
  }

  /** Active partners whose local time at `now` is at or past `hour` (`HH:MM`), with their day. */
  duePartners(now: Date, hour: string): Promise<DuePartner[]> {
    return this.db.rows(DUE_PARTNERS({ now, hour }), (row) => ({
      ...DUE_PARTNER.read(row),
      localDay: read.text(row.localDay, 'localDay'),
    }));
  }

  /** The partner's active members who want a digest and have had none for `localDay`. */
  recipients(partnerId: string, localDay: string): Promise<DigestRecipient[]> {
    return this.db.rows(RECIPIENTS({ partnerId, localDay }), (row) => ({
      ...RECIPIENT.read(row),
      ...CHOICES.read(row),
    }));
  }

  /**
   * Claims a person's digest of `localDay` inside the caller's transaction: true when this call took
   * it. A concurrent claim of the same day waits on the key until this transaction ends, then finds it
   * taken (or takes it, when this one rolled back).
   */
  async claimRun(
    partnerId: string,
    userId: string,
    localDay: string,
    ranAt: Date,
    sent: boolean,
    manager: EntityManager,
  ): Promise<boolean> {
    const claimed = await this.db.execute(
      sql`INSERT INTO digest_runs (partner_id, user_id, local_day, ran_at, sent)
          VALUES (${partnerId}, ${userId}, ${localDay}::date, ${ranAt}, ${sent})
          ON CONFLICT ON CONSTRAINT digest_runs_pkey DO NOTHING`,
      manager,
    );
    return claimed === 1;
  }
}
