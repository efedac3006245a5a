import {
  Card,
  DataTable,
  EmptyState,
  Link,
  Money,
  type DataTableColumn,
} from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';

import type { AnalyticsParams, TopItem } from '../api/get-analytics';
import { analyticsCsvUrl } from '../api/analytics-csv';

const columns = (partnerSlug: string): Array<DataTableColumn<TopItem>> => [
  {
    id: 'sku',
    header: 'SKU',
    cell: ({ item }) => <Link href={paths.inventoryItem(partnerSlug, item.id)}>{item.sku}</Link>,
    rowHeader: true,
  },
  { id: 'name', header: 'Item', cell: ({ item }) => item.name },
  { id: 'claims', header: 'Claims', cell: (row) => formatCount(row.claims), align: 'end' },
  {
    id: 'amountClaimed',
    header: 'Amount claimed',
    cell: ({ amountClaimed }) => (
      <Money
        amount={amountClaimed.amount}
        currency={amountClaimed.currency}
        locale={DISPLAY_LOCALE}
      />
    ),
    align: 'end',
  },
];

export interface TopItemsProps {
  partnerSlug: string;
  params: AnalyticsParams;
  items: readonly TopItem[];
}

/** The ten items with the most claimed in the period (claims submitted in it), as a table. */
export function TopItems({ partnerSlug, params, items }: TopItemsProps) {
  return (
    <Card
      title="Top items by amount claimed"
      headingLevel={2}
      padding="none"
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
      <DataTable
        caption="Items with the most claimed in the period"
        hideCaption
        columns={columns(partnerSlug)}
        rows={[...items]}
        getRowId={(row) => row.item.id}
        emptyState={
          <EmptyState
            headingLevel={3}
            title="No claims filed in this period"
            description="Items appear here once claims about them are submitted."
          />
        }
      />
    </Card>
  );
}
