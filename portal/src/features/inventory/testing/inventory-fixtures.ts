import type { InventoryItem } from '../api/get-inventory';
import type { ItemClaim } from '../api/get-item-claims';
import type { InventoryMovement } from '../api/get-item-movements';

/** Items and movements shaped as the API sends them (docs/api.md, Resources). */

const eur = (amount: number) => ({ amount, currency: 'EUR' });

export const tent: InventoryItem = {
  id: '10000000-0000-4000-8000-000000000001',
  sku: 'TENT-2P-GRN',
  name: 'Trailhead 2-person tent',
  category: 'Tents',
  barcode: '4006381333931',
  warehouse: 'Berlin North',
  status: 'active',
  unitValue: eur(12_900),
  value: eur(12_900 * 14),
  onHand: 14,
  reserved: 4,
  available: 10,
  inbound: 20,
  damaged: 1,
  reorderPoint: 12,
  stockState: 'low',
  createdAt: '2025-01-10T09:00:00.000Z',
  updatedAt: '2026-03-02T10:30:00.000Z',
};

export const stove: InventoryItem = {
  ...tent,
  id: '10000000-0000-4000-8000-000000000002',
  sku: 'STOVE-1B',
  name: 'Summit single-burner stove',
  category: 'Cooking',
  barcode: null,
  unitValue: eur(4_500),
  value: eur(0),
  onHand: 0,
  reserved: 0,
  available: 0,
  inbound: 0,
  damaged: 0,
  reorderPoint: 5,
  stockState: 'out',
};

export const facets = {
  categories: [
    { value: 'Cooking', count: 31 },
    { value: 'Tents', count: 42 },
  ],
  warehouses: [
    { value: 'Berlin North', count: 60 },
    { value: 'Rotterdam', count: 13 },
  ],
};

const movement = (
  id: string,
  kind: InventoryMovement['kind'],
  quantity: number,
  extra: Partial<InventoryMovement> = {},
): InventoryMovement => ({
  id,
  kind,
  quantity,
  reference: null,
  note: null,
  occurredAt: '2026-03-01T08:00:00.000Z',
  recordedAt: '2026-03-01T08:05:00.000Z',
  claim: null,
  day: (extra.occurredAt ?? '2026-03-01T08:00:00.000Z').slice(0, 10),
  // A claimable kind's window is open unless a test closes it.
  claimDeadline: kind === 'loss' || kind === 'damage' || kind === 'receipt' ? '2099-04-30' : null,
  claimWindowOpen: kind === 'loss' || kind === 'damage' || kind === 'receipt',
  ...extra,
});

export const receipt = movement('20000000-0000-4000-8000-000000000001', 'receipt', 24, {
  reference: 'ASN-1042',
  occurredAt: '2026-02-20T08:00:00.000Z',
});
export const loss = movement('20000000-0000-4000-8000-000000000002', 'loss', -3, {
  reference: 'CC-2026-03',
  note: 'Cycle count',
});
export const claimedDamage = movement('20000000-0000-4000-8000-000000000003', 'damage', -2, {
  claim: { id: '30000000-0000-4000-8000-000000000001', number: 'CLM-000042', status: 'in_review' },
});

/** The claim filed from the damage above, as the claims list answers it for the item. */
export const damageClaim: ItemClaim = {
  id: '30000000-0000-4000-8000-000000000001',
  number: 'CLM-000042',
  type: 'damaged',
  status: 'in_review',
  partiallyApproved: false,
  item: { id: tent.id, sku: tent.sku, name: tent.name },
  movementId: '20000000-0000-4000-8000-000000000003',
  movement: {
    id: '20000000-0000-4000-8000-000000000003',
    kind: 'damage',
    quantity: -2,
    reference: null,
    occurredAt: '2026-02-27T08:00:00.000Z',
    day: '2026-02-27',
  },
  quantity: 2,
  unitValue: eur(12_900),
  amountClaimed: eur(25_800),
  amountApproved: null,
  currency: 'EUR',
  incidentDate: '2026-02-27',
  description: 'Crushed carton, bent poles.',
  reference: null,
  createdBy: { id: 'u-multi', name: 'Morgan Multi' },
  submittedAt: '2026-02-28T09:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  payoutReference: null,
  version: 4,
  createdAt: '2026-02-28T08:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  allowedActions: [],
  missing: [],
};
