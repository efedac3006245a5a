import { Switch } from '@partner-portal/ui-kit';

/**
 * The comment box's "Internal note" switch, staff's alone (docs/product.md §3a): its own chunk, so
 * that a partner's claim page does not load the switch (check:bundle's claim page budget).
 */
export function InternalNoteSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label="Internal note"
      description="Only staff see it; never the partner, in no list, export or e-mail."
      checked={checked}
      onCheckedChange={onCheckedChange}
    />
  );
}
