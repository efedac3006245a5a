import type { components } from '@/lib/api-schema.gen';

/**
 * What the claims' requests and screens share: the lifecycle's statuses and types (docs/product.md
 * §4) and the query keys a change refreshes (so the claim page refreshes the lists without loading
 * the list's code).
 */

/** A claim's status and type, as the API names them. */
export type ClaimStatus = components['schemas']['ClaimStatus'];
export type ClaimType = components['schemas']['ClaimType'];

/** The lifecycle's statuses, in its order (docs/product.md §4). */
export const claimStatuses = [
  'draft',
  'submitted',
  'in_review',
  'info_requested',
  'approved',
  'rejected',
  'paid',
  'withdrawn',
] as const satisfies readonly ClaimStatus[];

export const claimTypes = [
  'lost',
  'damaged',
  'shortage',
  'other',
] as const satisfies readonly ClaimType[];

/** Every query of the partner's claim lists (and their facets) starts with this key. */
export const claimListsKey = (partnerSlug: string) =>
  ['partners', partnerSlug, 'claims', 'list'] as const;

/**
 * The inventory screens' queries of an item (the item, its movements: each movement names its
 * claim and that claim's status), by the key those screens use: a claim filed or moved refreshes
 * them.
 */
export const claimedItemKey = (partnerSlug: string, itemId: string) =>
  ['partners', partnerSlug, 'inventory', 'item', itemId] as const;
