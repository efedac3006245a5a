import { defineList } from '../common/list/index.js';

/**
 * The claims list (`GET /api/partners/{slug}/claims` and its CSV): newest first by default. Each sort
 * expression is spelled as its index `claims_list_<field>_idx (partner_id, <column>, id)` (migration
 * 1795700000000-claims); `number` reads `claims_partner_id_number_key (partner_id, number)`, unique, so
 * its tiebreaker never decides.
 */
export const CLAIM_LIST = defineList({
  id: 'partner-claims',
  sortFields: {
    createdAt: 'c.created_at',
    number: 'c.number',
    incidentDate: 'c.incident_date',
    amountClaimed: 'c.amount_claimed',
    updatedAt: 'c.updated_at',
  },
  defaultSort: '-createdAt',
  idColumn: 'c.id',
});

/**
 * CLAIM_LIST's twin for a list that matches few claims: the same id, fields and values (so the same
 * cursors), spelled so that no index gives their order. Such a page is then read through the indexes
 * of its filters (a claim number, an item's claims) and sorted, instead of walking the list's order
 * past the claims that do not match (`ClaimsRepository.page`).
 */
export const CLAIM_MATCHES_ORDER = defineList({
  id: CLAIM_LIST.id,
  sortFields: {
    createdAt: "(c.created_at + interval '0 seconds')",
    number: '(c.number + 0)',
    incidentDate: '(c.incident_date + 0)',
    amountClaimed: '(c.amount_claimed + 0)',
    updatedAt: "(c.updated_at + interval '0 seconds')",
  },
  defaultSort: '-createdAt',
  idColumn: 'c.id',
});

/**
 * A claim's timeline (`GET …/claims/{id}/events`): oldest first, on `claim_events_timeline_idx
 * (partner_id, claim_id, at, id)`.
 */
export const CLAIM_EVENT_LIST = defineList({
  id: 'claim-events',
  sortFields: { at: 'e.at' },
  defaultSort: 'at',
  idColumn: 'e.id',
});

/** The bounds of the list's search: longer is a 400, not a slow query. */
export const MAX_CLAIM_SEARCH_LENGTH = 100;
