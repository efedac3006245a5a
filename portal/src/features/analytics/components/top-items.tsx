import {
  Card,
  EmptyState,
  ErrorState,
  Link,
  ProgressBar,
  Skeleton,
  formatMoney,
} from '@partner-portal/ui-kit';
import { ChartTable, type ChartDatum } from '@partner-portal/ui-kit/charts';

import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-errors';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';

import { topItemsCsvUrl } from '../api/analytics-csv';
import type { TopItem, TopItemsParams, useTopItems } from '../api/get-top-items';

import styles from './analytics.module.css';

const series = [
  { key: 'claims', label: 'Claims' },
  { key: 'amount', label: 'Amount claimed' },
];

export interface TopItemsProps {
  partnerSlug: string;
  /** The period asked for: the CSV's until the answer says its own. */
  params: TopItemsParams;
  /** The top items' own request (useTopItems), sent beside the series'. */
  topItems: ReturnType<typeof useTopItems>;
  currency: string;
}

/**
 * The ten items with the most claimed in the period (claims submitted in it), as a table. They are
 * their own request: the card shows its own loading and error states while the charts are on screen.
 */
export function TopItems({ partnerSlug, params, topItems, currency }: TopItemsProps) {
  const data = topItems.data;
  const shown: TopItemsParams = data === undefined ? params : { from: data.from, to: data.to };
  let body;
  if (topItems.isError && data === undefined) {
    body = (
      <ErrorState
        headingLevel={3}
        title="We couldn't load the top items"
        description={describeApiError(topItems.error)?.message}
        onRetry={() => void topItems.refetch()}
        retrying={topItems.isFetching}
      />
    );
  } else if (data === undefined) {
    body = (
      <div aria-busy="true" aria-label="Loading the top items">
        <Skeleton shape="text" lines={5} />
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title="No claims filed in this period"
        description="Items appear here once claims about them are submitted."
      />
    );
  } else {
    body = <TopItemsTable partnerSlug={partnerSlug} items={data.items} currency={currency} />;
  }
  // Another period's items on screen while this one's are summed.
  const stale = topItems.isPlaceholderData && topItems.isFetching;
  return (
    <Card
      title="Top items by amount claimed"
      headingLevel={2}
      actions={
        <Link
          href={topItemsCsvUrl(partnerSlug, shown)}
          download
          aria-label="Download CSV of the top items"
        >
          Download CSV
        </Link>
      }
    >
      {stale ? <ProgressBar label="Loading the top items of the period" hideLabel /> : null}
      {body}
    </Card>
  );
}

function TopItemsTable({
  partnerSlug,
  items,
  currency,
}: {
  partnerSlug: string;
  items: readonly TopItem[];
  currency: string;
}) {
  const names = new Map(items.map(({ item }) => [item.sku, item.name]));
  const ids = new Map(items.map(({ item }) => [item.sku, item.id]));
  const rows: ChartDatum[] = items.map(({ item, claims, amountClaimed }) => ({
    sku: item.sku,
    claims,
    amount: amountClaimed.amount,
  }));
  return (
    <ChartTable
      caption="Items with the most claimed in the period"
      hideCaption
      data={rows}
      xKey="sku"
      xHeader="Item"
      series={series}
      renderX={(sku) => (
        <>
          <Link href={paths.inventoryItem(partnerSlug, ids.get(String(sku)) ?? '')}>
            {String(sku)}
          </Link>{' '}
          <span className={styles.itemName}>{names.get(String(sku))}</span>
        </>
      )}
      formatY={(value, column) => {
        if (column.key === 'amount')
          return formatMoney(value, currency, { locale: DISPLAY_LOCALE });
        return formatCount(value);
      }}
    />
  );
}
