import { type ClaimStatus, type ClaimType, MOVEMENT_KIND_OF } from '#src/claims/claim-lifecycle.js';
import {
  CandidateSelector,
  type ClaimCandidate,
  ClaimColumns,
  type ClaimItemChoice,
  type ClaimsGeneratorOptions,
  candidateClass,
  claimSources,
  insertClaims,
  movementClaimCount,
  type NamedClaim,
  writeClaim,
} from './claims-generator.js';
import type { InventoryBatch, Query } from './inventory-generator.js';

/** The seed of the demo claims: the same claims, ids and timelines in every demo database. */
export const DEMO_CLAIMS_SEED = 'partner-portal-demo-claims-1';

/** Claims per demo partner ("a few hundred", docs/product.md §6). */
export const DEMO_CLAIM_COUNTS = {
  'acme-outdoor': 260,
  northwind: 220,
  globex: 180,
} as const;

type DemoClaimsSlug = keyof typeof DEMO_CLAIM_COUNTS;

/** A named claim as the docs state it: people by e-mail, items by SKU. */
export interface NamedDemoClaim extends Omit<NamedClaim, 'item' | 'creator'> {
  sku: string | null;
  creatorEmail: string;
}

/**
 * The claims the docs and the tests rely on (docs/product.md §6, "Named demo claims"): a lost, damaged
 * or shortage one is filed from a movement of its own (`namedClaimMovement`, written by the demo
 * inventory), so the named items' incidents stay unclaimed; each gets exactly to its status, whatever
 * the generator does around it.
 */
export const DEMO_NAMED_CLAIMS: Record<DemoClaimsSlug, readonly NamedDemoClaim[]> = {
  'acme-outdoor': [
    named(
      'acme-draft-damaged-no-photo',
      'draft',
      'damaged',
      'ACM-TEN-00001',
      'manager@acme.example',
      {
        daysAgo: 2,
        quantity: 2,
        description: 'Two tents reached the customer with torn flysheets; photos to follow.',
        evidence: false,
      },
    ),
    named('acme-draft-lost', 'draft', 'lost', 'ACM-SLP-00002', 'manager@acme.example', {
      daysAgo: 1,
      quantity: 1,
      description: 'One sleeping bag missing from the bin at the weekly count.',
      reference: 'SO-26-004711',
    }),
    named('acme-submitted', 'submitted', 'shortage', 'ACM-CKG-00003', 'admin@acme.example', {
      daysAgo: 3,
      quantity: 4,
      description: 'The receipt ASN-26-31415 arrived 4 stoves short of the packing list.',
      reference: 'ASN-26-31415',
    }),
    named('acme-in-review', 'in_review', 'lost', 'ACM-JKT-00004', 'manager@acme.example', {
      daysAgo: 7,
      quantity: 2,
      description: 'Two jackets were picked for an order but never reached the packing station.',
      reference: 'SO-26-004802',
    }),
    named(
      'acme-info-requested',
      'info_requested',
      'damaged',
      'ACM-TEN-00001',
      'manager@acme.example',
      {
        daysAgo: 9,
        quantity: 1,
        description: 'A tent pole bag was crushed by a forklift during put-away.',
        infoRequest: 'Please add a photo that shows the carton label.',
      },
    ),
    named('acme-approved-partially', 'approved', 'damaged', 'ACM-SLP-00002', 'admin@acme.example', {
      daysAgo: 18,
      quantity: 3,
      description: 'Three sleeping bags soaked by a leaking sprinkler in the racking aisle.',
      partial: true,
    }),
    named('acme-paid', 'paid', 'lost', 'ACM-CKG-00003', 'manager@acme.example', {
      daysAgo: 35,
      quantity: 2,
      description: 'Two stoves missing from an outbound pallet to a retailer.',
      reference: 'SO-26-003990',
    }),
    named('acme-rejected', 'rejected', 'shortage', 'ACM-JKT-00004', 'manager@acme.example', {
      daysAgo: 25,
      quantity: 5,
      description: 'The receipt ASN-26-27182 was counted 5 jackets short.',
      reference: 'ASN-26-27182',
    }),
    named('acme-withdrawn', 'withdrawn', 'lost', 'ACM-TEN-00001', 'multi@example.com', {
      daysAgo: 14,
      quantity: 1,
      description: 'One tent not found at the cycle count (found again later).',
    }),
  ],
  northwind: [
    named('northwind-draft-other', 'draft', 'other', null, 'admin@northwind.example', {
      daysAgo: 2,
      quantity: 1,
      unitValue: 4500,
      description: 'Storage charged for a pallet that the warehouse never received.',
      reference: 'INV-2026-118',
    }),
    named('northwind-submitted', 'submitted', 'lost', 'NW-100001', 'admin@northwind.example', {
      daysAgo: 4,
      quantity: 6,
      description: 'Six mugs missing from a case at the Newark cycle count.',
    }),
    named(
      'northwind-info-requested',
      'info_requested',
      'shortage',
      'NW-100003',
      'admin@northwind.example',
      {
        daysAgo: 8,
        quantity: 12,
        description: 'The receipt ASN-26-16180 arrived 12 boxes of blocks short.',
        reference: 'ASN-26-16180',
        infoRequest: 'Could you send the supplier’s packing list for this receipt?',
      },
    ),
  ],
  globex: [
    named('globex-submitted', 'submitted', 'damaged', 'GX000001-WMN', 'admin@globex.example', {
      daysAgo: 2,
      quantity: 3,
      description: 'Three jumpers stained by a leaking case of cleaning fluid in the next bay.',
    }),
    named(
      'globex-info-requested',
      'info_requested',
      'lost',
      'GX000002-ELE',
      'admin@globex.example',
      {
        daysAgo: 6,
        quantity: 1,
        description: 'One pair of earbuds missing from a sealed outer carton.',
        infoRequest: 'Which order was this stock reserved for? Please add the reference.',
      },
    ),
  ],
};

/**
 * The movement a named claim is filed from (docs/product.md §4: lost ⇐ a loss, damaged ⇐ a damage,
 * shortage ⇐ a receipt), a day and a half before its filing day: the loss or damage of its units, or a
 * receipt ten times the units it is short; none for an `other` claim.
 */
export function namedClaimMovement(
  claim: Pick<NamedDemoClaim, 'type' | 'quantity' | 'daysAgo' | 'incidentDaysBefore'>,
): { kind: 'loss' | 'damage' | 'receipt'; quantity: number; hoursAgo: number } | undefined {
  const kind = MOVEMENT_KIND_OF[claim.type];
  if (kind === null) return undefined;
  return {
    kind,
    quantity: kind === 'receipt' ? claim.quantity * 10 : claim.quantity,
    hoursAgo: (claim.daysAgo + claim.incidentDaysBefore) * 24 + 12,
  };
}

function named(
  key: string,
  status: ClaimStatus,
  type: ClaimType,
  sku: string | null,
  creatorEmail: string,
  rest: Pick<NamedClaim, 'daysAgo' | 'quantity' | 'description'> & Partial<NamedClaim>,
): NamedDemoClaim {
  return {
    key,
    status,
    type,
    sku,
    creatorEmail,
    incidentDaysBefore: 1,
    reference: null,
    evidence: true,
    ...rest,
  };
}

/** Losses and damages no claim may take (the named items' recent incidents stay unclaimed). */
const UNCLAIMED_WINDOW_MS = 61 * 86_400_000;

/** The partner's claimable movements and items, from its generated inventory. */
function candidatesOf(
  batches: readonly InventoryBatch[],
  now: Date,
  keepUnclaimed: ReadonlySet<string>,
  namedClaims: readonly NamedDemoClaim[],
): {
  candidates: ClaimCandidate[];
  items: ClaimItemChoice[];
  skus: Map<string, ClaimItemChoice>;
  /** The movement of each named claim filed from one, by its key (never a generated claim's). */
  namedMovements: Map<string, ClaimCandidate>;
} {
  const items: ClaimItemChoice[] = [];
  const skus = new Map<string, ClaimItemChoice>();
  const unitValues = new Map<string, number>();
  const candidates: ClaimCandidate[] = [];
  const namedMovements = new Map<string, ClaimCandidate>();
  const skuOf = new Map<string, string>();
  for (const { items: columns } of batches) {
    columns.id.forEach((id, i) => skuOf.set(id, columns.sku[i] as string));
  }
  const load = now.getTime() - (now.getTime() % 1_000);
  const precedesNamed = (itemId: string, units: number, occurredAt: number) =>
    namedClaims.some((claim) => {
      const movement = namedClaimMovement(claim);
      return (
        movement !== undefined &&
        movement.kind !== 'receipt' &&
        claim.sku === skuOf.get(itemId) &&
        movement.quantity === units &&
        Math.abs(load - movement.hoursAgo * 3_600_000 - 3_600_000 - occurredAt) < 60_000
      );
    });
  /** The named claim a movement was written for (its item, kind, units and instant), if any. */
  const namedClaimOf = (itemId: string, kind: string, units: number, occurredAt: number) =>
    namedClaims.find((claim) => {
      const movement = namedClaimMovement(claim);
      return (
        movement !== undefined &&
        !namedMovements.has(claim.key) &&
        claim.sku === skuOf.get(itemId) &&
        movement.kind === kind &&
        movement.quantity === units &&
        Math.abs(load - movement.hoursAgo * 3_600_000 - occurredAt) < 60_000
      );
    });
  for (const { items: columns, movements } of batches) {
    columns.id.forEach((id, i) => {
      const item = { id, unitValue: columns.unitValue[i] as number };
      items.push(item);
      skus.set(columns.sku[i] as string, item);
      unitValues.set(id, item.unitValue);
    });
    movements.id.forEach((id, i) => {
      const kind = movements.kind[i];
      const itemId = movements.itemId[i] as string;
      const occurredAt = movements.occurredAt[i] as number;
      if (kind !== 'loss' && kind !== 'damage' && kind !== 'receipt') return;
      const units = Math.abs(movements.quantity[i] as number);
      // The receipt a named claim's loss or damage came in by: neither claimed nor a candidate.
      if (kind === 'receipt' && precedesNamed(itemId, units, occurredAt)) return;
      const claim = namedClaimOf(itemId, kind, units, occurredAt);
      if (claim !== undefined) {
        namedMovements.set(claim.key, {
          movementId: id,
          itemId,
          kind,
          units,
          occurredAt,
          reference: movements.reference[i] ?? null,
          note: movements.note[i] ?? null,
          unitValue: unitValues.get(itemId) ?? 0,
        });
        return;
      }
      if (
        kind !== 'receipt' &&
        keepUnclaimed.has(itemId) &&
        occurredAt > now.getTime() - UNCLAIMED_WINDOW_MS
      )
        return;
      candidates.push({
        movementId: id,
        itemId,
        kind,
        units: Math.abs(movements.quantity[i] as number),
        occurredAt,
        reference: movements.reference[i] ?? null,
        note: movements.note[i] ?? null,
        unitValue: unitValues.get(itemId) ?? 0,
      });
    });
  }
  return { candidates, items, skus, namedMovements };
}

export interface DemoClaimsPartner {
  slug: string;
  id: string;
  currency: string;
  timeZone: string;
  /** Its generated inventory, as loaded. */
  inventory: readonly InventoryBatch[];
  /** Items with a named incident (their recent losses and damages stay unclaimed). */
  itemsWithIncidents: ReadonlySet<string>;
}

/**
 * Writes the demo claims of each partner with their events and evidence, and sets its claim number
 * counter: one statement per table for all the partners.
 */
export async function loadDemoClaims(
  query: Query,
  partners: readonly DemoClaimsPartner[],
  userIds: ReadonlyMap<string, string>,
  editorsOf: (slug: string) => readonly string[],
  reviewers: readonly string[],
  now: Date,
): Promise<void> {
  const batches: ClaimColumns[] = [];
  for (const partner of partners) {
    const slug = partner.slug as DemoClaimsSlug;
    const count = DEMO_CLAIM_COUNTS[slug];
    if (count === undefined) continue;
    const options: ClaimsGeneratorOptions = {
      seed: DEMO_CLAIMS_SEED,
      partnerKey: slug,
      now,
      timeZone: partner.timeZone,
      currency: partner.currency,
      editors: editorsOf(slug).map((email) => userId(userIds, email)),
      reviewers: reviewers.map((email) => userId(userIds, email)),
      evidence: true,
    };
    const { candidates, items, skus, namedMovements } = candidatesOf(
      partner.inventory,
      now,
      partner.itemsWithIncidents,
      DEMO_NAMED_CLAIMS[slug],
    );
    const namedClaims = DEMO_NAMED_CLAIMS[slug].map((claim): NamedClaim => {
      const item = claim.sku === null ? null : skus.get(claim.sku);
      if (item === undefined)
        throw new Error(`Demo claim ${claim.key} names unknown item ${claim.sku}`);
      const movement = namedMovements.get(claim.key);
      if (namedClaimMovement(claim) !== undefined && movement === undefined) {
        throw new Error(`Demo claim ${claim.key}: its movement is not in the demo inventory`);
      }
      const { sku: _sku, creatorEmail, ...rest } = claim;
      return { ...rest, item, movement, creator: userId(userIds, creatorEmail) };
    });
    const counts = new Map<string, number>();
    for (const candidate of candidates) {
      const key = candidateClass(candidate, now);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const generated = count - namedClaims.length;
    const selector = new CandidateSelector(
      options,
      counts,
      movementClaimCount(generated, candidates.length),
    );
    for (const candidate of candidates) selector.offer(candidate);
    const sources = claimSources(options, selector.chosen, count, items, namedClaims);
    const rows = new ClaimColumns(partner.id);
    sources.forEach((source, index) => writeClaim(options, source, index + 1, rows));
    batches.push(rows);
  }
  await insertClaims(query, batches);
}

function userId(userIds: ReadonlyMap<string, string>, email: string): string {
  const id = userIds.get(email);
  if (id === undefined) throw new Error(`Demo claims name unknown user ${email}`);
  return id;
}
