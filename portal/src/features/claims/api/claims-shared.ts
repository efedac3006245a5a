/**
 * What the claims' requests and screens share: the lifecycle's statuses and types (docs/product.md
 * §4), from lib/claim-labels.ts, which the staff's queue reads too. The query keys a change refreshes are
 * lib/query-keys.ts's (docs/architecture.md, "Query keys").
 */
export { claimStatuses, claimTypes, type ClaimStatus, type ClaimType } from '@/lib/claim-labels';
