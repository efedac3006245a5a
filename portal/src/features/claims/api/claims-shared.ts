import type { components } from '@/lib/api-schema.gen';

/**
 * What the claims' requests and screens share: the lifecycle's statuses and types (docs/product.md
 * §4). The query keys a change refreshes are lib/query-keys.ts's (docs/architecture.md, "Query keys").
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
