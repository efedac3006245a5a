/**
 * The partner pages' query keys, in one factory (docs/architecture.md, "Server state"): every key a
 * feature reads, refreshes or copies is built here, so two features that read the same data share
 * one cache entry, and a change refreshes every screen that shows it by a key prefix.
 *
 * The keys nest: `partner(slug)` ⊃ `inventory.item(slug, id)` ⊃ its movements; `claims.lists(slug)`
 * ⊃ every claim list, the item page's claims of one item included, and their facets. Invalidating a
 * prefix refreshes all below it.
 */

const partner = (partnerSlug: string) => ['partners', partnerSlug] as const;

const inventoryAll = (partnerSlug: string) => [...partner(partnerSlug), 'inventory'] as const;
const inventoryItem = (partnerSlug: string, itemId: string) =>
  [...inventoryAll(partnerSlug), 'item', itemId] as const;

const claimsAll = (partnerSlug: string) => [...partner(partnerSlug), 'claims'] as const;
const claimLists = (partnerSlug: string) => [...claimsAll(partnerSlug), 'list'] as const;
const claim = (partnerSlug: string, claimId: string) =>
  [...claimsAll(partnerSlug), 'claim', claimId] as const;

export const queryKeys = {
  /** GET /api/partners/{slug}: the partner (its zone, currency, role); the prefix of all below. */
  partner,

  inventory: {
    all: inventoryAll,
    /** Every page of the inventory list, whatever the filters. */
    lists: (partnerSlug: string) => [...inventoryAll(partnerSlug), 'list'] as const,
    list: <Q extends object>(partnerSlug: string, query: Q) =>
      [...inventoryAll(partnerSlug), 'list', query] as const,
    facets: (partnerSlug: string) => [...inventoryAll(partnerSlug), 'facets'] as const,
    /**
     * One item, read by the item page and by the claim form (`?item=`); the prefix of the item's
     * movements, which name their claims: a claim filed or moved refreshes it.
     */
    item: inventoryItem,
    movements: (partnerSlug: string, itemId: string, cursor: string | undefined) =>
      [...inventoryItem(partnerSlug, itemId), 'movements', cursor ?? null] as const,
    /** The movement a new claim is filed from. */
    movement: (partnerSlug: string, itemId: string, movementId: string | undefined) =>
      [...inventoryItem(partnerSlug, itemId), 'movement', movementId] as const,
  },

  claims: {
    all: claimsAll,
    /** Every claim list and its facets, the item page's claims of one item included. */
    lists: claimLists,
    list: <Q extends object>(partnerSlug: string, query: Q) =>
      [...claimLists(partnerSlug), query] as const,
    facets: <Q extends object>(partnerSlug: string, query: Q) =>
      [...claimLists(partnerSlug), 'facets', query] as const,
    /** The item page's claims of one item: a claim list, so a claim filed or moved refreshes it. */
    ofItem: (partnerSlug: string, itemId: string, cursor: string | undefined) =>
      [...claimLists(partnerSlug), { itemId, cursor: cursor ?? null }] as const,
    claim,
    events: (partnerSlug: string, claimId: string) =>
      [...claim(partnerSlug, claimId), 'events'] as const,
    attachments: (partnerSlug: string, claimId: string) =>
      [...claim(partnerSlug, claimId), 'attachments'] as const,
  },

  overview: (partnerSlug: string) => [...partner(partnerSlug), 'overview'] as const,
  analytics: {
    all: (partnerSlug: string) => [...partner(partnerSlug), 'analytics'] as const,
    series: <P extends object>(partnerSlug: string, params: P) =>
      [...partner(partnerSlug), 'analytics', params] as const,
    topItems: (partnerSlug: string, from: string | undefined, to: string | undefined) =>
      [...partner(partnerSlug), 'analytics', 'top-items', from, to] as const,
  },
  /** Every page of the members, whatever the sort: what a change of a member makes stale. */
  members: (partnerSlug: string) => [...partner(partnerSlug), 'members'] as const,
  /** The signed-in person's notification preferences, every partner of theirs at once. */
  notificationPreferences: () => ['me', 'notifications'] as const,
  /** The partner's API keys, or the network's (`null`): what a key created or revoked makes stale. */
  apiKeys: (partnerSlug: string | null) =>
    partnerSlug === null
      ? (['network', 'api-keys'] as const)
      : [...partner(partnerSlug), 'api-keys'],
  /** The partner's webhook endpoints; the prefix of their delivery logs. */
  webhooks: (partnerSlug: string) => [...partner(partnerSlug), 'webhooks'] as const,
  webhookDeliveries: (partnerSlug: string, webhookId: string) =>
    [...partner(partnerSlug), 'webhooks', webhookId, 'deliveries'] as const,
  /** Every page of the pending invitations: what an invitation sent or revoked makes stale. */
  invitations: (partnerSlug: string) => [...partner(partnerSlug), 'invitations'] as const,

  /**
   * The staff workspace (docs/product.md §3a), across partners: `staff.all()` ⊃ the queue's pages,
   * its summary and the partner directory. A claim assigned or moved refreshes it all.
   */
  staff: {
    all: () => ['staff'] as const,
    /** Every page of the review queue, whatever the filters ("Next in queue" included). */
    queues: () => ['staff', 'queue'] as const,
    queue: <Q extends object>(query: Q) => ['staff', 'queue', query] as const,
    /** The claim after `claimId` in the queue the person came from (its search params). */
    next: (queueSearch: string, claimId: string) =>
      ['staff', 'queue', 'next', queueSearch, claimId] as const,
    summary: () => ['staff', 'summary'] as const,
    partners: <Q extends object>(query: Q) => ['staff', 'partners', query] as const,
    /** The active staff users (the assignee picker). */
    users: () => ['staff', 'users'] as const,
  },
};
