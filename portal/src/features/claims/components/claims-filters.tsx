import {
  DateRangePicker,
  defaultDatePresets,
  Select,
  type SelectOption,
} from '@partner-portal/ui-kit';

import { formatCount } from '@/lib/format';
import type { ListState } from '@/lib/list-state';
import { usePartnerToday } from '@/lib/partner-time';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { claimTypes } from '../api/claims-shared';
import { type ClaimFilterKey, type ClaimSortField } from '../api/get-claims';
import type { ClaimFacets } from '../api/get-claim-facets';

import { claimTypeLabels } from './labels';

export interface ClaimsFiltersProps {
  state: ListState<ClaimSortField, ClaimFilterKey>;
  facets: ClaimFacets | undefined;
}

/** The type (with its count) and the filing date range: the FilterBar's controls, in the URL. */
export function ClaimsFilters({ state, facets }: ClaimsFiltersProps) {
  const typeCount = (type: string) => facets?.types.find(({ value }) => value === type)?.count;
  const typeOptions: SelectOption[] = claimTypes.map((value) => {
    const count = typeCount(value);
    return {
      value,
      label:
        count === undefined
          ? claimTypeLabels[value]
          : `${claimTypeLabels[value]} (${formatCount(count)})`,
    };
  });
  // The API reads the dates in the partner's time zone: the presets end on the partner's today.
  const today = usePartnerToday(usePartnerSlug());

  return (
    <>
      <Select
        label="Type"
        placeholder="All types"
        size="sm"
        hideLabel
        options={typeOptions}
        value={state.filters.type ?? ''}
        onChange={(event) =>
          state.setFilter('type', event.target.value === '' ? undefined : event.target.value)
        }
      />
      <DateRangePicker
        label="Filed"
        openEnded
        presets={defaultDatePresets(today)}
        max={today}
        value={{ start: state.filters.from ?? '', end: state.filters.to ?? '' }}
        onChange={({ start, end }) => state.setFilters({ from: start, to: end })}
      />
    </>
  );
}
