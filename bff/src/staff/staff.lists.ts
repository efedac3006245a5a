import { defineList } from '#src/common/list/index.js';

/**
 * The review queue (`GET /api/staff/claims` and its CSV; docs/api.md, "The staff workspace"): every
 * claim of every partner waiting for the network, oldest waiting first. Each sort is served by its
 * partial index on the waiting claims (migration 1796400000000-staff-workspace): `waitingSince` by
 * `claims_queue_waiting_idx (waiting_since, id)` (within a partner `claims_queue_partner_idx`, of an
 * assignee `claims_queue_assignee_idx`), `amountClaimed` by `claims_queue_amount_claimed_idx`,
 * `submittedAt` by `claims_queue_submitted_at_idx`. The columns are NULL-free on waiting claims (the
 * table's `claims_waiting_since_check`; a waiting claim was submitted).
 */
export const STAFF_CLAIM_LIST = defineList({
  id: 'staff-claims',
  sortFields: {
    waitingSince: 'c.waiting_since',
    amountClaimed: 'c.amount_claimed',
    submittedAt: 'c.submitted_at',
  },
  defaultSort: 'waitingSince',
  idColumn: 'c.id',
});

/**
 * The partner directory (`GET /api/staff/partners`): by name (default) or slug. The other columns
 * (waiting claims, oldest waiting) are read per row of a page, not sorted on: sorting by them would
 * compute them for every partner of the network first (docs/api.md, "The staff workspace").
 */
export const STAFF_PARTNER_LIST = defineList({
  id: 'staff-partners',
  sortFields: { name: 'p.name', slug: 'p.slug' },
  defaultSort: 'name',
  idColumn: 'p.id',
});

/** The bounds of the searches: longer is a 400, not a slow query. */
export const MAX_STAFF_SEARCH_LENGTH = 100;

/** The statuses of the queue (docs/product.md §3a): a claim waiting for the network. */
export const QUEUE_STATUSES = ['submitted', 'in_review'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
