import {
  DataTable,
  EmptyState,
  ErrorState,
  Link,
  Money,
  Pagination,
  StatusPill,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';
import { PartnerDateTime } from '@/lib/partner-time';

import { useItemClaims, type ItemClaim } from '../api/get-item-claims';

import styles from './item-claims.module.css';

/** How a claim's type reads (docs/product.md §4). */
const claimTypeLabels: Record<ItemClaim['type'], string> = {
  lost: 'Lost',
  damaged: 'Damaged',
  shortage: 'Shortage',
  other: 'Other',
};

const columns = (partnerSlug: string): Array<DataTableColumn<ItemClaim>> => [
  {
    id: 'number',
    header: 'Claim',
    cell: (claim) => (
      <Link href={paths.claim(partnerSlug, claim.id)} className={styles.nowrap}>
        {claim.number}
      </Link>
    ),
    rowHeader: true,
  },
  { id: 'type', header: 'Type', cell: (claim) => claimTypeLabels[claim.type] },
  {
    id: 'status',
    header: 'Status',
    cell: (claim) => (
      <StatusPill
        status={claim.status}
        label={claim.partiallyApproved ? 'Partially approved' : undefined}
      />
    ),
  },
  {
    id: 'quantity',
    header: 'Units',
    cell: (claim) => formatCount(claim.quantity),
    align: 'end',
  },
  {
    id: 'amountClaimed',
    header: 'Claimed',
    cell: (claim) => (
      <Money
        amount={claim.amountClaimed.amount}
        currency={claim.amountClaimed.currency}
        locale={DISPLAY_LOCALE}
        className={styles.nowrap}
      />
    ),
    align: 'end',
  },
  {
    id: 'createdAt',
    header: 'Filed',
    cell: (claim) => (
      <PartnerDateTime value={claim.createdAt} format="date" className={styles.nowrap} />
    ),
  },
];

export interface ItemClaimsProps {
  partnerSlug: string;
  itemId: string;
}

/**
 * The claims about the item, newest first, a page at a time (the page in the component: the URL's
 * cursor is the movement history's); the claims screen filtered by the item has them all.
 */
export function ItemClaims({ partnerSlug, itemId }: ItemClaimsProps) {
  const [cursor, setCursor] = useState<string>();
  const claims = useItemClaims(partnerSlug, itemId, cursor);
  const page = claims.data;

  if (claims.isError && page === undefined) {
    return (
      <ErrorState
        title="We couldn't load the claims"
        description={describeApiError(claims.error)?.message}
        onRetry={() => void claims.refetch()}
        retrying={claims.isFetching}
      />
    );
  }

  const turningPage = claims.isPlaceholderData && claims.isFetching;
  return (
    <DataTable
      caption="Claims about this item"
      hideCaption
      columns={columns(partnerSlug)}
      rows={page?.items ?? []}
      getRowId={(claim) => claim.id}
      loading={claims.isPending || turningPage}
      emptyState={
        <EmptyState
          headingLevel={3}
          title="No claims about this item"
          description="Claims filed for this item's losses and damages will be listed here."
        />
      }
      footer={
        page && (page.items.length > 0 || page.prevCursor !== null) ? (
          <Pagination
            label="Pages of claims"
            summary={
              <>
                {formatCount(page.total)} {page.total === 1 ? 'claim' : 'claims'} ·{' '}
                <Link href={paths.itemClaims(partnerSlug, itemId)}>See them in Claims</Link>
              </>
            }
            hasPrevious={page.prevCursor !== null}
            hasNext={page.nextCursor !== null}
            onPrevious={() => setCursor(page.prevCursor ?? undefined)}
            onNext={() => setCursor(page.nextCursor ?? undefined)}
            loading={turningPage}
          />
        ) : undefined
      }
    />
  );
}
