import {
  Link,
  LinkButton,
  Money,
  PageHeader,
  StatusPill,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';
import { readListParams, useListState, type ListStateOptions } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { usePartnerSlug } from '@/lib/use-partner-slug';
import { PartnerDateTime } from '@/lib/partner-time';

import { inventoryFacetsQueryOptions } from '../api/get-inventory-facets';
import {
  inventoryFilters,
  inventoryQueryOptions,
  inventorySortFields,
  useInventory,
  type InventoryFilterKey,
  type InventoryItem,
  type InventorySortField,
} from '../api/get-inventory';
import { inventoryCsvUrl } from '../api/inventory-csv';
import { AvailableCount } from '../components/available-count';
import { InventoryFilters } from '../components/inventory-filters';

import styles from '../components/cells.module.css';

const columns = (partnerSlug: string): Array<DataTableColumn<InventoryItem>> => [
  {
    id: 'sku',
    header: 'SKU',
    cell: (item) => (
      <Link href={paths.inventoryItem(partnerSlug, item.id)} className={styles.nowrap}>
        {item.sku}
      </Link>
    ),
    sortable: true,
    rowHeader: true,
  },
  {
    id: 'name',
    header: 'Name',
    // Category and warehouse under the name: one column fewer, so a laptop shows every column.
    cell: (item) => (
      <>
        <span className={styles.primary}>{item.name}</span>
        <span className={styles.secondary}>
          {item.category} · {item.warehouse}
        </span>
      </>
    ),
    sortable: true,
    fullWidthWhenStacked: true,
  },
  { id: 'stockState', header: 'Stock', cell: (item) => <StatusPill status={item.stockState} /> },
  {
    id: 'onHand',
    header: 'On hand',
    cell: (item) => formatCount(item.onHand),
    sortable: true,
    align: 'end',
  },
  {
    id: 'available',
    header: 'Available',
    cell: (item) => <AvailableCount available={item.available} />,
    sortable: true,
    align: 'end',
  },
  {
    id: 'value',
    header: 'Value',
    cell: (item) => (
      <Money
        amount={item.value.amount}
        currency={item.value.currency}
        locale={DISPLAY_LOCALE}
        className={styles.nowrap}
      />
    ),
    sortable: true,
    align: 'end',
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    priority: 'secondary',
    cell: (item) => (
      <PartnerDateTime value={item.updatedAt} format="date" className={styles.nowrap} />
    ),
    sortable: true,
  },
];

/** The list's state in the URL: its sorts (by SKU unless the URL says otherwise), filters, search. */
const inventoryList: ListStateOptions<InventorySortField, InventoryFilterKey> = {
  sortFields: inventorySortFields,
  defaultSort: { field: 'sku', direction: 'asc' },
  filters: inventoryFilters,
  search: true,
};

/**
 * For the route's loader: starts the requests of the screen's first render, the page of items its URL
 * asks for and the facets, under the keys the screen reads, without waiting for them (the screen
 * shows its skeleton meanwhile). They go out beside the session's, before the screen's code has run
 * (docs/performance.md, Lighthouse).
 */
export function prefetchInventory(
  queryClient: QueryClient,
  partnerSlug: string,
  search: URLSearchParams,
): void {
  const { query } = readListParams(search, inventoryList);
  void queryClient.prefetchQuery(inventoryQueryOptions(partnerSlug, query));
  void queryClient.prefetchQuery(inventoryFacetsQueryOptions(partnerSlug));
}

/**
 * The partner's stock per SKU and warehouse (docs/product.md §3): search, filters, sort and page
 * in the URL, and the CSV export of the same filtered, sorted set.
 */
export function InventoryRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Inventory', partnerSlug);
  const navigate = useNavigate();
  const list = useListState(inventoryList);
  const inventory = useInventory(partnerSlug, list.query);

  return (
    <>
      <PageHeader title="Inventory" description="Your stock per SKU and warehouse." />
      <ListView
        caption="Inventory items"
        noun={{ one: 'item', other: 'items' }}
        state={list}
        query={inventory}
        columns={columns(partnerSlug)}
        getRowId={(item) => item.id}
        onRowClick={(item) => void navigate(paths.inventoryItem(partnerSlug, item.id))}
        searchLabel="Search inventory"
        searchPlaceholder="SKU, name or barcode"
        filters={<InventoryFilters partnerSlug={partnerSlug} state={list} />}
        actions={
          <LinkButton
            href={inventoryCsvUrl(partnerSlug, list.query)}
            download
            variant="secondary"
            size="sm"
          >
            Export CSV
          </LinkButton>
        }
        empty={{
          title: 'No inventory yet',
          description:
            'Your items will be listed here with their stock in each warehouse, once stock is received.',
        }}
      />
    </>
  );
}
