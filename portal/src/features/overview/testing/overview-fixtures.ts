import type { AttentionItem, Overview } from '../api/get-overview';

/** An overview shaped like acme-outdoor's (docs/api.md, Dashboards). */

const eur = (amount: number) => ({ amount, currency: 'EUR' });

export const infoRequested: AttentionItem = {
  kind: 'info_requested',
  claim: {
    id: '30000000-0000-4000-8000-000000000007',
    number: 'CLM-000007',
    type: 'damaged',
    status: 'info_requested',
  },
  movement: null,
  item: {
    id: '10000000-0000-4000-8000-000000000001',
    sku: 'ACM-TNT-00001',
    name: 'Trailhead tent',
  },
  daysLeft: null,
  deadline: null,
};

export const closedDraft: AttentionItem = {
  kind: 'draft',
  claim: {
    id: '30000000-0000-4000-8000-000000000009',
    number: 'CLM-000009',
    type: 'lost',
    status: 'draft',
  },
  movement: null,
  item: { id: '10000000-0000-4000-8000-000000000002', sku: 'ACM-STV-00002', name: 'Camp stove' },
  daysLeft: -3,
  deadline: '2026-11-22',
};

export const unclaimedDamage: AttentionItem = {
  kind: 'unclaimed_damage',
  claim: null,
  movement: {
    id: '20000000-0000-4000-8000-000000000006',
    itemId: '10000000-0000-4000-8000-000000000006',
    kind: 'damage',
    quantity: -2,
    occurredAt: '2026-10-01T09:00:00.000Z',
  },
  item: { id: '10000000-0000-4000-8000-000000000006', sku: 'ACM-BOT-00006', name: 'Trail boots' },
  daysLeft: 5,
  deadline: '2026-11-30',
};

export const lastDayLoss: AttentionItem = {
  kind: 'unclaimed_loss',
  claim: null,
  movement: {
    id: '20000000-0000-4000-8000-000000000008',
    itemId: '10000000-0000-4000-8000-000000000008',
    kind: 'loss',
    quantity: -1,
    occurredAt: '2026-09-26T09:00:00.000Z',
  },
  item: { id: '10000000-0000-4000-8000-000000000008', sku: 'ACM-LMP-00008', name: 'Head lamp' },
  daysLeft: 0,
  deadline: '2026-11-25',
};

export const overview: Overview = {
  asOf: '2026-11-25T10:00:00.000Z',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  kpis: [
    { key: 'open_claims', label: 'Open claims', unit: 'count', value: 28, previous: 25 },
    {
      key: 'open_claims_amount',
      label: 'Open claims amount',
      unit: 'money',
      value: eur(1_120_000),
      previous: eur(1_000_000),
    },
    {
      key: 'awaiting_action',
      label: 'Awaiting your action',
      unit: 'count',
      value: 4,
      previous: null,
    },
    {
      key: 'approved_30d',
      label: 'Approved, last 30 days',
      unit: 'money',
      value: eur(50_000),
      previous: eur(0),
    },
    {
      key: 'paid_30d',
      label: 'Paid, last 30 days',
      unit: 'money',
      value: eur(30_000),
      previous: eur(40_000),
    },
    { key: 'units_on_hand', label: 'Units on hand', unit: 'units', value: 5400, previous: 5400 },
    {
      key: 'value_on_hand',
      label: 'Value on hand',
      unit: 'money',
      value: eur(9_876_543),
      previous: eur(9_000_000),
    },
    { key: 'low_stock_items', label: 'Low-stock items', unit: 'count', value: 7, previous: null },
    {
      key: 'out_of_stock_items',
      label: 'Out-of-stock items',
      unit: 'count',
      value: 2,
      previous: null,
    },
  ],
  needsAttention: {
    items: [infoRequested, closedDraft, unclaimedDamage],
    nextCursor: 'page-2',
    total: 4,
  },
  recentActivity: [
    {
      kind: 'claim_transition',
      at: '2026-11-25T09:30:00.000Z',
      summary: 'Claim CLM-000007: information requested.',
      status: 'info_requested',
      claim: { id: infoRequested.claim?.id ?? '', number: 'CLM-000007', status: 'info_requested' },
      item: null,
    },
    {
      kind: 'movement',
      at: '2026-11-24T15:00:00.000Z',
      summary: 'Damage of 2 units of ACM-BOT-00006.',
      status: null,
      claim: null,
      item: {
        id: '10000000-0000-4000-8000-000000000006',
        sku: 'ACM-BOT-00006',
        name: 'Trail boots',
      },
    },
  ],
};

/** A partner that has just joined: zeros everywhere, nothing to do, nothing happened. */
export const blankOverview: Overview = {
  ...overview,
  kpis: overview.kpis.map((kpi) => ({
    ...kpi,
    value: kpi.unit === 'money' ? eur(0) : 0,
    previous: kpi.previous === null ? null : kpi.unit === 'money' ? eur(0) : 0,
  })),
  needsAttention: { items: [], nextCursor: null, total: 0 },
  recentActivity: [],
};
