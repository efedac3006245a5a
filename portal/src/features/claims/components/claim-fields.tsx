import {
  DatePicker,
  Money,
  MoneyField,
  NumberField,
  RadioGroup,
  Stack,
  Textarea,
  TextField,
} from '@partner-portal/ui-kit';

import type { FieldProblemsApi } from '@/lib/form-problems';
import { DISPLAY_LOCALE } from '@/lib/format';

import { claimTypes, type ClaimType } from '../api/claims-shared';
import { usePartner } from '@/lib/partner';
import { usePartnerToday } from '@/lib/partner-time';

import {
  DESCRIPTION_MAX,
  FILING_WINDOW_DAYS,
  filingWindow,
  REFERENCE_MAX,
  statesUnitValue,
  type ClaimDraft,
  type ClaimField,
} from './claim-draft';
import styles from './claim-page.module.css';
import { ItemPicker } from './item-picker';
import { claimTypeLabels } from './labels';

/** What each type is for, under the type's choice in the form. */
const claimTypeHints: Record<ClaimType, string> = {
  lost: 'Stock the network lost (a loss movement).',
  damaged: 'Stock damaged in the network (a damage movement).',
  shortage: 'An inbound shipment received short (a receipt).',
  other: 'Anything else; the item is optional.',
};

export interface ClaimFieldsProps {
  partnerSlug: string;
  draft: ClaimDraft;
  onChange: (patch: Partial<ClaimDraft>) => void;
  form: FieldProblemsApi<ClaimField>;
  /** Filed from a movement: its type and item are the movement's, its units the most to claim. */
  fromMovement?: { maxQuantity?: number };
  /** While the form is sent. */
  disabled?: boolean;
}

/** A claim's fields, shared by the new-claim form and a draft's edit. */
export function ClaimFields({
  partnerSlug,
  draft,
  onChange,
  form,
  fromMovement,
  disabled = false,
}: ClaimFieldsProps) {
  const window = filingWindow(usePartnerToday(partnerSlug));
  const change = (field: ClaimField, patch: Partial<ClaimDraft>) => {
    onChange(patch);
    form.clearProblem(field);
  };
  const currency = usePartner(partnerSlug).data?.currency;
  const unitValue = statesUnitValue(draft)
    ? currency === undefined || draft.unitValue === null
      ? undefined
      : { amount: draft.unitValue, currency }
    : draft.item?.unitValue;

  return (
    <Stack gap={4}>
      <RadioGroup
        ref={form.fieldRef('type')}
        label="What happened"
        value={draft.type}
        onValueChange={(type) => change('type', { type: type as ClaimDraft['type'] })}
        options={claimTypes.map((type) => ({
          value: type,
          label: claimTypeLabels[type],
          description: claimTypeHints[type],
          disabled: fromMovement !== undefined && type !== draft.type,
        }))}
        error={form.problems.type}
        disabled={disabled}
      />
      <ItemPicker
        partnerSlug={partnerSlug}
        inputRef={form.fieldRef('itemId')}
        value={draft.item}
        onChange={(item) => change('itemId', { item })}
        error={form.problems.itemId}
        disabled={disabled || fromMovement !== undefined}
        hint={draft.type === 'other' ? 'Optional for a claim of type Other.' : undefined}
      />
      <NumberField
        ref={form.fieldRef('quantity')}
        label="Units"
        min={1}
        max={fromMovement?.maxQuantity}
        step={1}
        value={draft.quantity}
        onValueChange={(quantity) => change('quantity', { quantity })}
        hint={
          fromMovement?.maxQuantity === undefined
            ? undefined
            : `At most ${fromMovement.maxQuantity}, the units of the movement.`
        }
        error={form.problems.quantity}
        disabled={disabled}
      />
      {statesUnitValue(draft) && currency !== undefined ? (
        <MoneyField
          ref={form.fieldRef('unitValue')}
          label="Unit value"
          currency={currency}
          locale={DISPLAY_LOCALE}
          value={draft.unitValue}
          onValueChange={(value) => change('unitValue', { unitValue: value })}
          hint="Without an item, say what one unit is worth."
          error={form.problems.unitValue}
          disabled={disabled}
        />
      ) : null}
      {unitValue !== undefined && draft.quantity !== null && draft.quantity > 0 ? (
        <p className={styles.amountPreview}>
          Amount claimed:{' '}
          <Money
            amount={unitValue.amount * draft.quantity}
            currency={unitValue.currency}
            locale={DISPLAY_LOCALE}
          />{' '}
          ({draft.quantity} ×{' '}
          <Money amount={unitValue.amount} currency={unitValue.currency} locale={DISPLAY_LOCALE} />)
        </p>
      ) : null}
      {fromMovement !== undefined ? (
        // A claim on a movement takes the movement's day, whatever is typed: shown, not asked.
        <DatePicker
          ref={form.fieldRef('incidentDate')}
          label="Incident date"
          value={draft.incidentDate}
          readOnly
          hint="The movement’s day: a claim on a movement takes it."
          error={form.problems.incidentDate}
          disabled={disabled}
        />
      ) : (
        <DatePicker
          ref={form.fieldRef('incidentDate')}
          label="Incident date"
          min={window.earliest}
          max={window.latest}
          value={draft.incidentDate}
          onValueChange={(incidentDate) => change('incidentDate', { incidentDate })}
          hint={`Within the last ${FILING_WINDOW_DAYS} days.`}
          error={form.problems.incidentDate}
          disabled={disabled}
        />
      )}
      <Textarea
        ref={form.fieldRef('description')}
        label="Description"
        hint="What happened, what you found, anything staff should know (at least 10 characters)."
        rows={4}
        maxLength={DESCRIPTION_MAX}
        showCount
        value={draft.description}
        onChange={(event) => change('description', { description: event.target.value })}
        error={form.problems.description}
        disabled={disabled}
      />
      <TextField
        ref={form.fieldRef('reference')}
        label="Reference (optional)"
        hint="The shipment or order it concerns."
        maxLength={REFERENCE_MAX}
        value={draft.reference}
        onChange={(event) => change('reference', { reference: event.target.value })}
        error={form.problems.reference}
        disabled={disabled}
      />
    </Stack>
  );
}
