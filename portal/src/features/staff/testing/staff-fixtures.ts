import type { StaffPartner } from '@/lib/staff/partner-directory';
import type { StaffQueueClaim } from '@/lib/staff/review-queue';

import type { StaffSummary } from '../api/get-staff-summary';

/** The staff's queue, figures and partners, shaped as the API sends them (docs/api.md). */

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export const summary: StaffSummary = {
  waiting: 42,
  overdue: 7,
  oldestWaitingSince: daysAgo(12),
  decidedLast7Days: 18,
  medianDaysToDecision30d: 3.5,
};

export const overdueClaim: StaffQueueClaim = {
  id: '30000000-0000-4000-8000-000000000101',
  number: 'CLM-000101',
  type: 'lost',
  status: 'submitted',
  partiallyApproved: false,
  item: { id: '10000000-0000-4000-8000-000000000001', sku: 'TENT-2P-GRN', name: 'Trailhead tent' },
  movementId: null,
  movement: null,
  quantity: 3,
  unitValue: eur(12_900),
  amountClaimed: eur(38_700),
  amountApproved: null,
  currency: 'EUR',
  incidentDate: '2026-11-01',
  description: 'Lost in the aisle.',
  reference: null,
  createdBy: { id: 'u-multi', name: 'Morgan Multi' },
  submittedAt: daysAgo(8),
  decidedAt: null,
  decisionReason: null,
  payoutReference: null,
  version: 2,
  createdAt: daysAgo(9),
  updatedAt: daysAgo(8),
  allowedActions: ['start_review'],
  missing: [],
  assignee: null,
  waitingSince: daysAgo(8),
  pendingApproval: null,
  partner: { slug: 'acme-outdoor', name: 'Acme Outdoor Co.' },
  overdue: true,
};

export const assignedClaim: StaffQueueClaim = {
  ...overdueClaim,
  id: '30000000-0000-4000-8000-000000000102',
  number: 'CLM-000102',
  type: 'damaged',
  status: 'in_review',
  item: { id: '10000000-0000-4000-8000-000000000002', sku: 'STOVE-1', name: 'Camp stove' },
  amountClaimed: eur(5_000),
  assignee: { id: 'u-staff', name: 'Sam Staff' },
  waitingSince: daysAgo(1),
  partner: { slug: 'northwind', name: 'Northwind Goods' },
  overdue: false,
};

export const partners: StaffPartner[] = [
  {
    slug: 'acme-outdoor',
    name: 'Acme Outdoor Co.',
    status: 'active',
    openClaims: 12,
    waitingClaims: 4,
    oldestWaitingSince: daysAgo(8),
  },
  {
    slug: 'northwind',
    name: 'Northwind Goods',
    status: 'active',
    openClaims: 0,
    waitingClaims: 0,
    oldestWaitingSince: null,
  },
];
