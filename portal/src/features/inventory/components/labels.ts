import type { BadgeTone } from '@partner-portal/ui-kit';

import type { InventoryItem } from '../api/get-inventory';
import type { MovementKind } from '../api/get-item-movements';

/** How an item's status reads. */
export const itemStatusLabels: Record<InventoryItem['status'], string> = {
  active: 'Active',
  discontinued: 'Discontinued',
};

/** How a movement's kind reads, and its tone: stock in, out, corrected, lost. */
export const movementKinds: Record<MovementKind, { label: string; tone: BadgeTone }> = {
  receipt: { label: 'Receipt', tone: 'success' },
  return: { label: 'Return', tone: 'teal' },
  shipment: { label: 'Shipment', tone: 'accent' },
  transfer: { label: 'Transfer', tone: 'purple' },
  adjustment: { label: 'Adjustment', tone: 'neutral' },
  damage: { label: 'Damage', tone: 'warning' },
  loss: { label: 'Loss', tone: 'danger' },
};

/** The kinds of movement a claim may be filed for (docs/product.md §3: losses and damages). */
export const claimableKinds: ReadonlySet<MovementKind> = new Set(['loss', 'damage']);
