import { Card, EmptyState, Link, formatMoney } from '@partner-portal/ui-kit';
import { ChartTable, type ChartDatum } from '@partner-portal/ui-kit/charts';

import { paths } from '@/config/paths';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';

import type { AnalyticsParams, TopItem } from '../api/get-analytics';
import { analyticsCsvUrl } from '../api/analytics-csv';

import styles from './analytics.module.css';

const series = [
  { key: 'claims', label: 'Claims' },
  { key: 'amount', label: 'Amount claimed' },
];

export interface TopItemsProps {
  partnerSlug: string;
  params: AnalyticsParams;
  items: readonly TopItem[];
  currency: string;
}

/** The ten items with the most claimed in the period (claims submitted in it), as a table. */
export function TopItems({ partnerSlug, params, items, currency }: TopItemsProps) {
  const names = new Map(items.map(({ item }) => [item.sku, item.name]));
  const ids = new Map(items.map(({ item }) => [item.sku, item.id]));
  const rows: ChartDatum[] = items.map(({ item, claims, amountClaimed }) => ({
    sku: item.sku,
    claims,
    amount: amountClaimed.amount,
  }));
  return (
    <Card
      title="Top items by amount claimed"
      headingLevel={2}
      actions={
        <Link
          href={analyticsCsvUrl(partnerSlug, params, 'top_items')}
          download
          aria-label="Download top items as CSV"
        >
          Download CSV
        </Link>
      }
    >
      {rows.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No claims filed in this period"
          description="Items appear here once claims about them are submitted."
        />
      ) : (
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
      )}
    </Card>
  );
}
