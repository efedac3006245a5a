import type { DataSource } from 'typeorm';
import { CLAIM_LIFECYCLE, type ClaimStatus } from '#src/claims/claim-lifecycle.js';

interface ClaimRow {
  id: string;
  partner_id: string;
  number: number;
  status: ClaimStatus;
  version: number;
  created_by_user_id: string;
  submitted_at: Date | null;
  decided_at: Date | null;
  updated_at: Date;
  amount_approved: string | null;
  payout_reference: string | null;
}

interface EventRow {
  claim_id: string;
  kind: string;
  from_status: ClaimStatus | null;
  to_status: ClaimStatus | null;
  body: string | null;
  at: Date;
  actor_user_id: string;
  actor_role: string | null;
  actor_staff: boolean;
}

/**
 * What must hold of any claims the generator wrote (docs/product.md §4), as one list of violations
 * (empty when all is well): numbers 1..n per partner with the counter at n; the claim counts exact;
 * each claim's timeline starts with `created` by its creator and replays through the lifecycle table
 * by the people it names to the claim's status, version, submittedAt, decidedAt and updatedAt; at most
 * one claim per movement that still stands for it; a movement claim's type fits its movement's kind,
 * its item is the movement's, its quantity at most the movement's, its unit value the item's; a lost,
 * damaged or shortage claim has its movement and the movement's day as its incident date; the amounts
 * in their bounds.
 */
export async function claimViolations(dataSource: DataSource, limit = 10): Promise<string[]> {
  const violations: string[] = [];
  const numbering = (await dataSource.query(
    `SELECT c.partner_id, count(*)::int AS n, max(c.number) AS last, count(DISTINCT c.number)::int AS distinct,
            min(c.number) AS first, k.last_number
       FROM claims c LEFT JOIN claim_number_counters k ON k.partner_id = c.partner_id
      GROUP BY c.partner_id, k.last_number
     HAVING NOT (min(c.number) = 1 AND max(c.number) = count(*) AND count(DISTINCT c.number) = count(*)
                 AND k.last_number = count(*))`,
  )) as Array<Record<string, unknown>>;
  for (const row of numbering)
    violations.push(`numbers not 1..n with the counter at n: ${JSON.stringify(row)}`);

  const [{ wrong }] = (await dataSource.query(
    `SELECT count(*)::int AS wrong FROM (
       SELECT partner_id, status, type, count(*)::int AS n FROM claims GROUP BY 1, 2, 3) g
       FULL JOIN claim_counts c USING (partner_id, status, type)
      WHERE coalesce(g.n, 0) <> coalesce(c.claim_count, 0)`,
  )) as [{ wrong: number }];
  if (wrong > 0) violations.push(`${wrong} claim counts differ from the claims`);

  const movements = (await dataSource.query(
    `SELECT c.partner_id, c.number, c.type, m.kind, c.quantity, m.quantity AS moved
       FROM claims c
       JOIN inventory_movements m ON m.partner_id = c.partner_id AND m.id = c.movement_id
       JOIN inventory_items i ON i.partner_id = c.partner_id AND i.id = m.item_id
      WHERE c.item_id IS DISTINCT FROM m.item_id OR c.quantity > abs(m.quantity) OR c.unit_value <> i.unit_value
         OR (c.type, m.kind) NOT IN (('lost', 'loss'), ('damaged', 'damage'), ('shortage', 'receipt'))
      LIMIT ${limit}`,
  )) as Array<Record<string, unknown>>;
  for (const row of movements)
    violations.push(`a claim not by the filing rules: ${JSON.stringify(row)}`);
  const twice = (await dataSource.query(
    `SELECT movement_id FROM claims WHERE movement_id IS NOT NULL AND status <> 'withdrawn'
      GROUP BY movement_id HAVING count(*) > 1 LIMIT ${limit}`,
  )) as Array<Record<string, unknown>>;
  for (const row of twice) violations.push(`a movement claimed twice: ${JSON.stringify(row)}`);

  // Claims you can trust (docs/product.md §4): lost, damaged and shortage claims stand for their
  // movement, on its day (partner time); the amounts in their bounds (minor units of a currency of
  // two digits, as every generated partner's: 100,000.00 a unit of an other claim, 1,000,000.00 claimed).
  const untrusted = (await dataSource.query(
    `SELECT c.partner_id, c.number, c.type, c.movement_id, c.quantity, c.unit_value, c.amount_claimed,
            c.incident_date::text AS incident_date,
            (m.occurred_at AT TIME ZONE p.time_zone)::date::text AS movement_day
       FROM claims c JOIN partners p ON p.id = c.partner_id
       LEFT JOIN inventory_movements m ON m.partner_id = c.partner_id AND m.id = c.movement_id
      WHERE (c.type <> 'other' AND c.movement_id IS NULL)
         OR (c.movement_id IS NOT NULL AND c.incident_date <> (m.occurred_at AT TIME ZONE p.time_zone)::date)
         OR c.quantity NOT BETWEEN 1 AND 100000
         OR (c.type = 'other' AND c.item_id IS NULL AND c.unit_value NOT BETWEEN 1 AND 10000000)
         OR c.amount_claimed > 100000000
      LIMIT ${limit}`,
  )) as Array<Record<string, unknown>>;
  for (const row of untrusted)
    violations.push(`a claim not bound to its movement or out of bounds: ${JSON.stringify(row)}`);

  const claims = (await dataSource.query(
    `SELECT id, partner_id, number, status, version, created_by_user_id, submitted_at, decided_at, updated_at,
            amount_approved, payout_reference FROM claims`,
  )) as ClaimRow[];
  const events = (await dataSource.query(
    `SELECT e.claim_id, e.kind, e.from_status, e.to_status, e.body, e.at, e.actor_user_id,
            m.role AS actor_role, u.is_staff AS actor_staff
       FROM claim_events e JOIN users u ON u.id = e.actor_user_id
       LEFT JOIN memberships m ON m.user_id = u.id AND m.partner_id = e.partner_id
      ORDER BY e.claim_id, e.at, e.id`,
  )) as EventRow[];
  const timelines = new Map<string, EventRow[]>();
  for (const event of events) {
    const timeline = timelines.get(event.claim_id) ?? [];
    timeline.push(event);
    timelines.set(event.claim_id, timeline);
  }
  for (const claim of claims) {
    if (violations.length >= limit) break;
    const say = (text: string) =>
      violations.push(`claim ${claim.partner_id} #${claim.number}: ${text}`);
    const timeline = timelines.get(claim.id) ?? [];
    const first = timeline[0];
    if (first?.kind !== 'created' || first.actor_user_id !== claim.created_by_user_id) {
      say('not created first by its creator');
    }
    let status: ClaimStatus = 'draft';
    let version = 1;
    let submittedAt: number | null = null;
    let decidedAt: number | null = null;
    let updatedAt = first?.at.getTime() ?? 0;
    for (const event of timeline) {
      const editor = event.actor_role === 'manager' || event.actor_role === 'admin';
      if (event.kind === 'transition') {
        const row = CLAIM_LIFECYCLE.find(
          (transition) => transition.from.includes(status) && transition.to === event.to_status,
        );
        if (row === undefined || event.from_status !== status) {
          say(`${event.from_status} → ${event.to_status} from ${status}`);
          break;
        }
        const actor = event.actor_staff ? 'staff' : event.actor_role;
        if (!row.who.some((who) => who === actor)) say(`${row.action} by a ${actor}`);
        if (row.requires.includes('message') && (event.body ?? '') === '') {
          say(`${row.action} without a message`);
        }
        status = row.to;
        version += 1;
        updatedAt = event.at.getTime();
        if (row.action === 'submit') submittedAt = event.at.getTime();
        if (row.action === 'approve' || row.action === 'reject') decidedAt = event.at.getTime();
      } else if (event.kind === 'edit') {
        if (status !== 'draft' || !editor) say('an edit outside a draft or by a non-editor');
        version += 1;
        updatedAt = event.at.getTime();
      } else if (event.kind === 'attachment') {
        if (!['draft', 'info_requested'].includes(status) || !editor) say(`evidence in ${status}`);
      } else if (event.kind === 'comment') {
        if (!editor && !event.actor_staff) say('a comment by someone who may not comment');
      } else if (event.kind === 'approval_requested') {
        // A first approval (docs/product.md §3a): staff's, in review, the version raised.
        if (status !== 'in_review' || !event.actor_staff) say(`a first approval in ${status}`);
        version += 1;
        updatedAt = event.at.getTime();
      } else if (event.kind === 'internal_note' || event.kind === 'assignment') {
        if (!event.actor_staff) say(`an ${event.kind} by someone who is not staff`);
      }
    }
    if (status !== claim.status) say(`status ${claim.status}, its timeline ends in ${status}`);
    if (version !== claim.version) say(`version ${claim.version}, its timeline says ${version}`);
    if ((claim.submitted_at?.getTime() ?? null) !== submittedAt) say('submittedAt');
    if ((claim.decided_at?.getTime() ?? null) !== decidedAt) say('decidedAt');
    if (claim.updated_at.getTime() !== updatedAt) say('updatedAt');
    if ((claim.amount_approved !== null) !== ['approved', 'paid'].includes(claim.status)) {
      say('amountApproved');
    }
    if ((claim.payout_reference !== null) !== (claim.status === 'paid')) say('payoutReference');
  }
  return violations.slice(0, limit);
}
