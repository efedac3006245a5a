import { Badge, Inline, Link, StatusPill, type DataTableColumn } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { formatCalendarDate, formatCount, formatMoment, formatSignedCount } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { PartnerDateTime, usePartnerTimeZone } from '@/lib/partner-time';

import {
  movementSortFields,
  useItemMovements,
  type InventoryMovement,
} from '../api/get-item-movements';

import styles from './cells.module.css';
import { claimableKinds, movementKinds } from './labels';

/**
 * The claim column: the claim filed from the movement, or, on a loss or damage not claimed yet,
 * the entry point to file one (managers and admins: docs/product.md §2) while its filing window is
 * open, and when it closed after (docs/product.md §4, "Claims you can trust"). The claims screen
 * reads `?fileFor=<movementId>&item=<itemId>` and opens its form pre-filled from the movement.
 */
function ClaimCell({
  movement,
  partnerSlug,
  itemId,
  canFileClaims,
}: {
  movement: InventoryMovement;
  partnerSlug: string;
  itemId: string;
  canFileClaims: boolean;
}) {
  const timeZone = usePartnerTimeZone();
  if (movement.claim !== null) {
    return (
      <Inline gap={2} align="center" wrap={false}>
        <Link href={paths.claim(partnerSlug, movement.claim.id)}>{movement.claim.number}</Link>
        <StatusPill status={movement.claim.status} />
      </Inline>
    );
  }
  if (!claimableKinds.has(movement.kind)) return '—';
  if (!movement.claimWindowOpen) {
    return movement.claimDeadline === null
      ? 'Not claimed'
      : `Filing window closed on ${formatCalendarDate(movement.claimDeadline)}`;
  }
  if (!canFileClaims) return 'Not claimed';
  const units = Math.abs(movement.quantity);
  const what = `${movementKinds[movement.kind].label.toLowerCase()} of ${formatCount(units)} ${units === 1 ? 'unit' : 'units'}`;
  return (
    <Link
      href={paths.fileClaim(partnerSlug, movement.id, itemId)}
      aria-label={`File a claim for the ${what} on ${formatMoment(movement.occurredAt, timeZone, 'date')}`}
    >
      File a claim
    </Link>
  );
}

const columns = (
  partnerSlug: string,
  itemId: string,
  canFileClaims: boolean,
): Array<DataTableColumn<InventoryMovement>> => [
  {
    id: 'occurredAt',
    header: 'Occurred',
    cell: (movement) => (
      <PartnerDateTime value={movement.occurredAt} format="datetime" className={styles.nowrap} />
    ),
    rowHeader: true,
  },
  {
    id: 'kind',
    header: 'Kind',
    cell: (movement) => (
      <Badge tone={movementKinds[movement.kind].tone}>{movementKinds[movement.kind].label}</Badge>
    ),
  },
  {
    id: 'quantity',
    header: 'Quantity',
    cell: (movement) => (
      <span className={styles.nowrap}>{formatSignedCount(movement.quantity)}</span>
    ),
    align: 'end',
  },
  {
    id: 'reference',
    header: 'Reference',
    cell: (movement) => movement.reference ?? '—',
    priority: 'secondary',
  },
  { id: 'note', header: 'Note', cell: (movement) => movement.note ?? '—', priority: 'secondary' },
  {
    id: 'claim',
    header: 'Claim',
    cell: (movement) => (
      <ClaimCell
        movement={movement}
        partnerSlug={partnerSlug}
        itemId={itemId}
        canFileClaims={canFileClaims}
      />
    ),
    fullWidthWhenStacked: true,
  },
];

export interface MovementHistoryProps {
  partnerSlug: string;
  itemId: string;
  /** Whether the person may file claims (manager, admin). */
  canFileClaims: boolean;
}

/** The item's movements, newest first, a page at a time; the page's cursor is in the URL. */
export function MovementHistory({ partnerSlug, itemId, canFileClaims }: MovementHistoryProps) {
  const list = useListState({
    sortFields: movementSortFields,
    defaultSort: { field: 'occurredAt', direction: 'desc' },
  });
  const movements = useItemMovements(partnerSlug, itemId, list.cursor);

  return (
    <ListView
      caption="Movements"
      noun={{ one: 'movement', other: 'movements' }}
      state={list}
      query={movements}
      columns={columns(partnerSlug, itemId, canFileClaims)}
      getRowId={(movement) => movement.id}
      empty={{
        title: 'No movements yet',
        description: 'Receipts, shipments, adjustments, damages and losses will be listed here.',
      }}
    />
  );
}
