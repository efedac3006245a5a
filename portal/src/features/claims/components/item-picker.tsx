import { Combobox, type ComboboxOption } from '@partner-portal/ui-kit';
import { useCallback, useRef, useState, type Ref } from 'react';

import { formatAmount, formatCount } from '@/lib/format';

import { searchItems, type PickableItem } from '../api/search-items';

import type { DraftItem } from './claim-draft';

export interface ItemPickerProps {
  partnerSlug: string;
  value: DraftItem | null;
  onChange: (item: DraftItem | null) => void;
  error?: string;
  disabled?: boolean;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const optionOf = (item: DraftItem): ComboboxOption => ({
  value: item.id,
  label: `${item.sku} · ${item.name}`,
});

/** The claim's item: typed SKU, name or barcode searched on the inventory list API. */
export function ItemPicker({
  partnerSlug,
  value,
  onChange,
  error,
  disabled,
  hint,
  inputRef,
}: ItemPickerProps) {
  // The options found last, by id: a choice keeps the item's unit value for the amount.
  const found = useRef(new Map<string, PickableItem>());
  const loadOptions = useCallback(
    async (text: string, signal: AbortSignal) => {
      const items = await searchItems(partnerSlug, text, signal);
      found.current = new Map(items.map((item) => [item.id, item]));
      return items.map((item) => ({
        ...optionOf(item),
        description: `${item.warehouse} · ${formatCount(item.onHand)} on hand · ${formatAmount(item.unitValue)} each`,
      }));
    },
    [partnerSlug],
  );
  // The option object stays the same while the item does: the box keeps what is typed until the
  // item itself changes.
  const [shown, setShown] = useState(() => ({
    id: value?.id ?? null,
    option: value === null ? null : optionOf(value),
  }));
  if (shown.id !== (value?.id ?? null)) {
    setShown({ id: value?.id ?? null, option: value === null ? null : optionOf(value) });
  }

  return (
    <Combobox
      ref={inputRef}
      label="Item"
      placeholder="Search by SKU, name or barcode"
      hint={hint}
      value={shown.option}
      loadOptions={loadOptions}
      minQueryLength={2}
      noResultsText="No item matches"
      loadErrorText="Could not search the inventory"
      error={error}
      disabled={disabled}
      onChange={(option) => {
        if (option === null) {
          onChange(null);
          return;
        }
        const item = found.current.get(option.value);
        onChange(
          item === undefined
            ? { id: option.value, sku: option.label, name: '' }
            : { id: item.id, sku: item.sku, name: item.name, unitValue: item.unitValue },
        );
      }}
    />
  );
}
