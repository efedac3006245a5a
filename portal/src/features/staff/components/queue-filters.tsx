import {
  Checkbox,
  Combobox,
  Select,
  TextField,
  claimStatusLabels,
  type ComboboxOption,
  type SelectOption,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { claimTypeLabels, claimTypes } from '@/lib/claim-labels';
import type { ListState } from '@/lib/list-state';
import { fetchStaffPartners } from '@/lib/staff/partner-directory';
import {
  amountParam,
  waitingStatuses,
  type QueueFilterKey,
  type QueueSortField,
} from '@/lib/staff/review-queue';

type QueueState = ListState<QueueSortField, QueueFilterKey>;

const orUndefined = (value: string) => (value === '' ? undefined : value);

async function partnerOptions(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const page = await fetchStaffPartners({ q: text.trim(), limit: 20 }, signal);
  return page.items.map(({ slug, name }) => ({ value: slug, label: name, description: slug }));
}

/**
 * One end of the amount range: typed freely, sent to the URL when the field is left or on Enter
 * (not on every key: each change is a history entry); a figure that is not an amount is said so.
 */
function AmountFilter({
  state,
  name,
  label,
}: {
  state: QueueState;
  name: 'minAmount' | 'maxAmount';
  label: string;
}) {
  const current = state.filters[name] ?? '';
  const [draft, setDraft] = useState(current);
  const [draftFor, setDraftFor] = useState(current);
  if (draftFor !== current) {
    setDraftFor(current);
    setDraft(current);
  }
  const text = draft.trim().replace(/,/g, '');
  const invalid = text !== '' && amountParam(text) === undefined;
  const commit = () => {
    if (!invalid && text !== current) state.setFilter(name, orUndefined(text));
  };
  return (
    <TextField
      label={label}
      size="sm"
      inputMode="decimal"
      autoComplete="off"
      value={draft}
      error={invalid ? 'An amount such as 250 or 99.50' : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

/** The filters that pick one value from a short list: a native select each, the same way. */
const SELECT_FILTERS: ReadonlyArray<{
  key: 'status' | 'type' | 'assignee';
  label: string;
  /** The empty choice: no filter. */
  placeholder: string;
  options: SelectOption[];
}> = [
  {
    key: 'status',
    label: 'Status',
    placeholder: 'Waiting (all)',
    options: waitingStatuses.map((value) => ({ value, label: claimStatusLabels[value] })),
  },
  {
    key: 'type',
    label: 'Type',
    placeholder: 'All types',
    options: claimTypes.map((value) => ({ value, label: claimTypeLabels[value] })),
  },
  {
    key: 'assignee',
    label: 'Assignee',
    placeholder: 'Anyone',
    options: [
      { value: 'me', label: 'Assigned to me' },
      { value: 'none', label: 'Unassigned' },
    ],
  },
];

/** The queue's filters (docs/product.md §3a), each in the URL: the FilterBar's controls. */
export function QueueFilters({ state }: { state: QueueState }) {
  const partner = state.filters.partner;
  return (
    <>
      {SELECT_FILTERS.map(({ key, label, placeholder, options }) => (
        <Select
          key={key}
          label={label}
          placeholder={placeholder}
          size="sm"
          hideLabel
          options={options}
          value={state.filters[key] ?? ''}
          onChange={(event) => state.setFilter(key, orUndefined(event.target.value))}
        />
      ))}
      <Combobox
        label="Partner"
        placeholder="Any partner"
        value={partner === undefined ? null : { value: partner, label: partner }}
        loadOptions={partnerOptions}
        noResultsText="No partner matches"
        onChange={(option) => state.setFilter('partner', option?.value)}
      />
      <AmountFilter state={state} name="minAmount" label="Amount from" />
      <AmountFilter state={state} name="maxAmount" label="Amount to" />
      <Checkbox
        label="Overdue only"
        checked={state.filters.overdue === 'true'}
        onCheckedChange={(checked) =>
          state.setFilter('overdue', checked === true ? 'true' : undefined)
        }
      />
    </>
  );
}
