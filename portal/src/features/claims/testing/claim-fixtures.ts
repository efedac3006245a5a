import type { ClaimAttachment } from '../api/get-claim-attachments';
import type { ClaimEvent } from '../api/get-claim-events';
import type { Claim } from '../api/get-claim';

/** Claims, events and files shaped as the API sends them (docs/api.md, Resources). */

const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** A day within the filing window, whenever the tests run: five days ago. */
export const recentDay = new Date(Date.now() - 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);

export const tentItem = {
  id: '10000000-0000-4000-8000-000000000001',
  sku: 'TENT-2P-GRN',
  name: 'Trailhead 2-person tent',
};

export const draftClaim: Claim = {
  id: '30000000-0000-4000-8000-000000000007',
  number: 'CLM-000007',
  type: 'damaged',
  status: 'draft',
  partiallyApproved: false,
  item: tentItem,
  movementId: '20000000-0000-4000-8000-000000000003',
  movement: {
    id: '20000000-0000-4000-8000-000000000003',
    kind: 'damage',
    quantity: -2,
    reference: 'ASN-1042',
    occurredAt: `${recentDay}T08:00:00.000Z`,
    day: recentDay,
  },
  quantity: 2,
  unitValue: eur(12_900),
  amountClaimed: eur(25_800),
  amountApproved: null,
  currency: 'EUR',
  incidentDate: recentDay,
  description: 'Crushed carton, bent poles.',
  reference: 'ASN-1042',
  createdBy: { id: 'u-multi', name: 'Morgan Multi' },
  submittedAt: null,
  decidedAt: null,
  decisionReason: null,
  payoutReference: null,
  version: 3,
  createdAt: '2026-02-28T08:00:00.000Z',
  updatedAt: '2026-02-28T08:00:00.000Z',
  allowedActions: ['submit', 'edit', 'delete'],
  missing: [{ field: 'attachments', message: 'Attach a photo of the damage.' }],
};

export const inReviewClaim: Claim = {
  ...draftClaim,
  id: '30000000-0000-4000-8000-000000000008',
  number: 'CLM-000008',
  status: 'in_review',
  version: 5,
  submittedAt: '2026-02-28T09:00:00.000Z',
  allowedActions: [],
  missing: [],
};

export const paidInPart: Claim = {
  ...inReviewClaim,
  id: '30000000-0000-4000-8000-000000000009',
  number: 'CLM-000009',
  status: 'paid',
  partiallyApproved: true,
  amountApproved: eur(20_000),
  payoutReference: 'PAY-2026-77',
  decidedAt: '2026-03-02T09:00:00.000Z',
};

export const events: ClaimEvent[] = [
  {
    id: 'e1',
    kind: 'created',
    internal: false,
    actor: { id: 'u-multi', name: 'Morgan Multi' },
    fromStatus: null,
    toStatus: 'draft',
    body: null,
    at: '2026-02-28T08:00:00.000Z',
    amountApproved: null,
    payoutReference: null,
  },
  {
    id: 'e2',
    kind: 'transition',
    internal: false,
    actor: { id: 'u-multi', name: 'Morgan Multi' },
    fromStatus: 'draft',
    toStatus: 'submitted',
    body: null,
    at: '2026-02-28T09:00:00.000Z',
    amountApproved: null,
    payoutReference: null,
  },
  {
    id: 'e3',
    kind: 'comment',
    internal: false,
    actor: { id: 'u-staff', name: 'Sam Staff' },
    fromStatus: null,
    toStatus: null,
    body: 'Looking into it.',
    at: '2026-02-28T10:00:00.000Z',
    amountApproved: null,
    payoutReference: null,
  },
];

export const photo: ClaimAttachment = {
  id: '40000000-0000-4000-8000-000000000001',
  filename: 'crushed-carton.jpg',
  contentType: 'image/jpeg',
  size: 204_800,
  sha256: 'a'.repeat(64),
  uploadedBy: { id: 'u-multi', name: 'Morgan Multi' },
  createdAt: '2026-02-28T08:30:00.000Z',
};

export const facets = {
  statuses: [
    { value: 'draft', count: 3 },
    { value: 'submitted', count: 2 },
    { value: 'in_review', count: 1 },
    { value: 'info_requested', count: 0 },
    { value: 'approved', count: 4 },
    { value: 'rejected', count: 0 },
    { value: 'paid', count: 7 },
    { value: 'withdrawn', count: 1 },
  ],
  types: [
    { value: 'lost', count: 5 },
    { value: 'damaged', count: 9 },
    { value: 'shortage', count: 3 },
    { value: 'other', count: 1 },
  ],
};
