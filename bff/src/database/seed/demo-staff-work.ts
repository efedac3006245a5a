import { secondApprovalThreshold } from '#src/claims/claim-lifecycle.js';
import { majorUnits } from '#src/common/money.js';
import { addDays, partnerToday } from '#src/common/partner-day.js';
import type { Query } from './inventory-generator.js';

/** The demo's SECOND_APPROVAL_ABOVE: the setting's default (docs/product.md §5). */
const DEMO_SECOND_APPROVAL_ABOVE = 1000;

/** The partner whose largest claim in review waits for a second approval (docs/product.md §6). */
export const DEMO_PENDING_APPROVAL_PARTNER = 'acme-outdoor';

/**
 * The claims the staff workspace adds to the generated ones, filed last (their numbers follow): a
 * claim above the second-approval threshold, approved once (no generated claim in review is).
 */
export const DEMO_STAFF_CLAIMS: Readonly<Record<string, number>> = { 'acme-outdoor': 1 };

/** The large claim's filer and words (type other: no item, no movement, no evidence needed). */
const LARGE_CLAIM = {
  unitValueMajor: 1450,
  description:
    'Storage and handling charged twice for the March inbound of tents: invoices INV-26-0312 and INV-26-0313 bill the same 40 pallets.',
  reference: 'INV-26-0313',
};

/** The internal notes of the demo, one per partner on its oldest waiting claim. */
const DEMO_NOTES: Readonly<Record<string, string>> = {
  'acme-outdoor':
    'Internal: the carrier confirmed the pallet was short on arrival; waiting for their report.',
  northwind: 'Internal: same SKU claimed twice this quarter, check the bin location first.',
  globex: 'Internal: photos look fine; compare with the supplier’s damage report.',
};

/**
 * The staff's work on the demo claims (docs/product.md §3a and §6), written over the generated claims
 * as the API would have written it: of each partner's waiting claims (oldest first), every fourth
 * assigned to `staff@portal.example` (took it themselves) and the next to `reviewer@portal.example`,
 * each with its `assignment` event; an internal note on the oldest; and on acme-outdoor the largest
 * claim in review above the second-approval threshold approved once by `staff@portal.example`, waiting
 * for a second staff member (its `approval_requested` event, the version raised by it).
 */
export async function loadDemoStaffWork(
  query: Query,
  partners: ReadonlyArray<{ slug: string; id: string; currency: string; timeZone: string }>,
  staffId: string,
  reviewerId: string,
  filerOf: (slug: string) => string,
  now: Date,
): Promise<void> {
  for (const partner of partners) {
    if ((DEMO_STAFF_CLAIMS[partner.slug] ?? 0) > 0) {
      await insertLargeClaim(query, partner, filerOf(partner.slug), staffId, now);
    }
    await query(
      `WITH waiting AS (
         SELECT id, waiting_since, row_number() OVER (ORDER BY waiting_since, id) AS n
           FROM claims WHERE partner_id = $1 AND status IN ('submitted', 'in_review')
       ), assigned AS (
         UPDATE claims c
            SET assignee_user_id = CASE WHEN w.n % 4 = 1 THEN $2::uuid ELSE $3::uuid END
           FROM waiting w
          WHERE c.partner_id = $1 AND c.id = w.id AND w.n % 4 IN (1, 2)
          RETURNING c.id, c.assignee_user_id, w.waiting_since
       )
       INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body, at)
       SELECT $1, a.id, a.assignee_user_id, 'assignment', u.name,
              least(a.waiting_since + interval '2 hours', $4::timestamptz)
         FROM assigned a JOIN users u ON u.id = a.assignee_user_id`,
      [partner.id, staffId, reviewerId, now],
    );
    const note = DEMO_NOTES[partner.slug];
    if (note !== undefined) {
      await query(
        `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body, at)
         SELECT partner_id, id, $2, 'internal_note', $3,
                least(waiting_since + interval '3 hours', $4::timestamptz)
           FROM claims WHERE partner_id = $1 AND status IN ('submitted', 'in_review')
          ORDER BY waiting_since, id LIMIT 1`,
        [partner.id, staffId, note, now],
      );
    }
    if (partner.slug === DEMO_PENDING_APPROVAL_PARTNER) {
      const threshold = secondApprovalThreshold(DEMO_SECOND_APPROVAL_ABOVE, partner.currency);
      const [chosen] = (await query(
        `SELECT id, amount_claimed::text AS amount, least(updated_at + interval '1 hour', $3::timestamptz) AS at
           FROM claims WHERE partner_id = $1 AND status = 'in_review' AND amount_claimed > $2
          ORDER BY amount_claimed DESC, id LIMIT 1`,
        [partner.id, threshold, now],
      )) as Array<{ id: string; amount: string; at: Date }>;
      if (chosen === undefined) {
        throw new Error(`No claim of ${partner.slug} in review is above the second approval`);
      }
      const amount = `${majorUnits(BigInt(chosen.amount), partner.currency)} ${partner.currency}`;
      await query(
        `UPDATE claims SET pending_approval_by_user_id = $3, pending_approval_amount = $4,
                pending_approval_at = $5, version = version + 1, updated_at = $5
          WHERE partner_id = $1 AND id = $2`,
        [partner.id, chosen.id, staffId, chosen.amount, chosen.at],
      );
      await query(
        `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body, at)
         VALUES ($1, $2, $3, 'approval_requested', $4, $5)`,
        [
          partner.id,
          chosen.id,
          staffId,
          `First approval of ${amount}: a second staff member completes it (above ${DEMO_SECOND_APPROVAL_ABOVE} ${partner.currency}).`,
          chosen.at,
        ],
      );
    }
  }
}

/**
 * The large claim of `partner`, filed by `filerId` after every generated claim (within the last hour
 * before the load), submitted and taken into review by staff a second apart each, its timeline as the
 * API writes it (created, submit, start_review; version 3); the claim counters follow by their triggers.
 */
async function insertLargeClaim(
  query: Query,
  partner: { id: string; currency: string; timeZone: string },
  filerId: string,
  staffId: string,
  now: Date,
): Promise<void> {
  const unitValue = secondApprovalThreshold(LARGE_CLAIM.unitValueMajor, partner.currency);
  const incidentDate = addDays(partnerToday(now, partner.timeZone), -3);
  const [claim] = (await query(
    `WITH filed AS (
       SELECT least(greatest(max(created_at) + interval '1 second', $2::timestamptz - interval '1 hour'),
                    $2::timestamptz - interval '4 seconds') AS at
         FROM claims WHERE partner_id = $1
     ), counter AS (
       UPDATE claim_number_counters SET last_number = last_number + 1 WHERE partner_id = $1
       RETURNING last_number
     )
     INSERT INTO claims (partner_id, number, type, status, quantity, unit_value, amount_claimed,
                         currency, incident_date, description, reference, created_by_user_id, version,
                         submitted_at, created_at, updated_at)
     SELECT $1, counter.last_number, 'other', 'in_review', 1, $3::integer, $3::bigint, $4, $5, $6, $7, $8, 3,
            filed.at + interval '1 second', filed.at, filed.at + interval '2 seconds'
       FROM filed, counter
     RETURNING id, created_at AS at`,
    [
      partner.id,
      now,
      unitValue,
      partner.currency,
      incidentDate,
      LARGE_CLAIM.description,
      LARGE_CLAIM.reference,
      filerId,
    ],
  )) as Array<{ id: string; at: Date }>;
  if (claim === undefined) throw new Error('The large demo claim was not filed');
  await query(
    `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, from_status, to_status, at)
     VALUES ($1, $2, $3, 'created', NULL, NULL, $5),
            ($1, $2, $3, 'transition', 'draft', 'submitted', $5::timestamptz + interval '1 second'),
            ($1, $2, $4, 'transition', 'submitted', 'in_review', $5::timestamptz + interval '2 seconds')`,
    [partner.id, claim.id, filerId, staffId, claim.at],
  );
}
