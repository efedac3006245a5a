import {
  DataTable,
  EmptyState,
  ErrorState,
  Link,
  Pagination,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { claimColumns } from '@/lib/claim-columns';
import { formatCount } from '@/lib/format';
import { PartnerDateTime } from '@/lib/partner-time';

import { useItemClaims, type ItemClaim } from '../api/get-item-claims';

import styles from './item-claims.module.css';

const columns = (partnerSlug: string): Array<DataTableColumn<ItemClaim>> => [
  claimColumns.number((claim) => paths.claim(partnerSlug, claim.id)),
  claimColumns.type(),
  claimColumns.status(),
  {
    id: 'quantity',
    header: 'Units',
    cell: (claim) => formatCount(claim.quantity),
    align: 'end',
  },
  claimColumns.amountClaimed(),
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
