/** How a claim's type reads (shared with the staff's queue). */
export { claimTypeLabels } from '@/lib/claim-labels';

/** How the kind of the movement a claim stands for reads (the claim page's "Movement"). */
export const movementKinds: Record<
  'receipt' | 'shipment' | 'adjustment' | 'damage' | 'loss' | 'return' | 'transfer',
  { label: string }
> = {
  receipt: { label: 'Receipt' },
  shipment: { label: 'Shipment' },
  adjustment: { label: 'Adjustment' },
  damage: { label: 'Damage' },
  loss: { label: 'Loss' },
  return: { label: 'Return' },
  transfer: { label: 'Transfer' },
};
