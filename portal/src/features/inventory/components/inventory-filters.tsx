import { Select, stockStateLabels, type SelectOption } from '@partner-portal/ui-kit';

import { formatCount } from '@/lib/format';
import type { ListState } from '@/lib/list-state';

import type { InventoryFilterKey, InventorySortField } from '../api/get-inventory';
import { itemStatuses, stockStates } from '../api/get-inventory';
import { useInventoryFacets, type InventoryFacets } from '../api/get-inventory-facets';

import { itemStatusLabels } from './labels';

type FacetCounts = InventoryFacets['categories'];

/**
 * A facet's options with their item counts ("Tents (42)"). A value in the URL that the facets do
 * not list (yet, or any more) stays selectable, so the select shows what the list is filtered by.
 */
function facetOptions(facets: FacetCounts | undefined, selected: string | undefined) {
  const options: SelectOption[] = (facets ?? []).map(({ value, count }) => ({
    value,
    label: `${value} (${formatCount(count)})`,
  }));
  if (selected !== undefined && !options.some(({ value }) => value === selected)) {
    options.unshift({ value: selected, label: selected });
  }
  return options;
}

export interface InventoryFiltersProps {
  partnerSlug: string;
  state: ListState<InventorySortField, InventoryFilterKey>;
}

/** Status, stock state, category and warehouse: the FilterBar's selects, in the URL. */
export function InventoryFilters({ partnerSlug, state }: InventoryFiltersProps) {
  const facets = useInventoryFacets(partnerSlug);
  const select = (key: InventoryFilterKey) => ({
    size: 'sm' as const,
    hideLabel: true,
    value: state.filters[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      state.setFilter(key, event.target.value === '' ? undefined : event.target.value),
  });

  return (
    <>
      <Select
        label="Stock state"
        placeholder="Any stock state"
        options={stockStates.map((value) => ({ value, label: stockStateLabels[value] }))}
        {...select('stock')}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        options={itemStatuses.map((value) => ({ value, label: itemStatusLabels[value] }))}
        {...select('status')}
      />
      <Select
        label="Category"
        placeholder="All categories"
        options={facetOptions(facets.data?.categories, state.filters.category)}
        {...select('category')}
      />
      <Select
        label="Warehouse"
        placeholder="All warehouses"
        options={facetOptions(facets.data?.warehouses, state.filters.warehouse)}
        {...select('warehouse')}
      />
    </>
  );
}
