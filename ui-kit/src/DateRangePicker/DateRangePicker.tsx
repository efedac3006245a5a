import { useState, type ComponentPropsWithRef } from 'react';
import { DatePicker } from '../DatePicker/DatePicker';
import { FormField } from '../FormField/FormField';
import { Select } from '../Select/Select';
import styles from './DateRangePicker.module.css';
import { rangeLength, type DateRange, type DateRangePreset } from './presets';

export interface DateRangePickerProps extends Omit<ComponentPropsWithRef<'fieldset'>, 'onChange'> {
  /** What the range filters ("Period"); the group's legend. */
  label: string;
  /** The applied range. */
  value: DateRange;
  /**
   * Called with a complete, ordered range within `maxDays` (with `openEnded`, also a range missing one
   * or both ends); invalid entries show an error instead.
   */
  onChange: (range: DateRange) => void;
  /**
   * The range may be open, as a list's filter is: either date may be left empty (`''`, no bound),
   * each change applies, and the presets offer `anyLabel` to clear both.
   */
  openEnded?: boolean;
  /** Shortcuts offered in a select (see `defaultDatePresets`); "Custom" is added. */
  presets?: DateRangePreset[];
  /** Longest allowed range in days (e.g. 731 for two years). */
  maxDays?: number;
  /** Earliest selectable day. */
  min?: string;
  /** Latest selectable day (today in the partner's time zone). */
  max?: string;
  /** Labels of the inputs. */
  startLabel?: string;
  endLabel?: string;
  presetLabel?: string;
  customLabel?: string;
  /** With `openEnded`: the preset that clears both dates. */
  anyLabel?: string;
  /** Error wordings. */
  orderErrorText?: string;
  tooLongErrorText?: (maxDays: number) => string;
}

/** A from–to date range with presets, validated (order, maximum length) before it is applied. */
export function DateRangePicker({
  label,
  value,
  onChange,
  presets = [],
  openEnded = false,
  maxDays,
  min,
  max,
  startLabel = 'From',
  endLabel = 'To',
  presetLabel = 'Preset',
  customLabel = 'Custom',
  anyLabel = 'Any time',
  orderErrorText = 'The end date is before the start date.',
  tooLongErrorText = (days) => `Choose a range of at most ${days} days.`,
  className,
  ...rest
}: DateRangePickerProps) {
  const [draft, setDraft] = useState<DateRange>(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue.start !== value.start || shownValue.end !== value.end) {
    setShownValue(value);
    setDraft(value);
  }

  const validate = (range: DateRange): string | undefined => {
    if (!range.start || !range.end) return undefined;
    if (range.end < range.start) return orderErrorText;
    if (maxDays !== undefined && rangeLength(range) > maxDays) return tooLongErrorText(maxDays);
    return undefined;
  };
  const error = validate(draft);

  const update = (range: DateRange) => {
    setDraft(range);
    if ((openEnded || (range.start && range.end)) && !validate(range)) onChange(range);
  };

  const ANY = 'any';
  const unbounded = openEnded && !draft.start && !draft.end;
  const activePreset = presets.find(
    (preset) => preset.range.start === draft.start && preset.range.end === draft.end,
  );

  return (
    <FormField label={label} error={error} className={className} labelling="group">
      {(field) => (
        <fieldset {...field} className={styles.row} {...rest}>
          {presets.length > 0 && (
            <Select
              label={presetLabel}
              value={unbounded ? ANY : (activePreset?.id ?? 'custom')}
              options={[
                ...(openEnded ? [{ value: ANY, label: anyLabel }] : []),
                ...presets.map((preset) => ({ value: preset.id, label: preset.label })),
                { value: 'custom', label: customLabel, disabled: true },
              ]}
              onChange={(event) => {
                if (openEnded && event.target.value === ANY) {
                  update({ start: '', end: '' });
                  return;
                }
                const preset = presets.find((candidate) => candidate.id === event.target.value);
                if (preset) update(preset.range);
              }}
            />
          )}
          <DatePicker
            label={startLabel}
            value={draft.start}
            min={min}
            max={draft.end || max}
            required={!openEnded}
            aria-invalid={field['aria-invalid']}
            onValueChange={(start) => update({ ...draft, start })}
          />
          <DatePicker
            label={endLabel}
            value={draft.end}
            min={draft.start || min}
            max={max}
            required={!openEnded}
            aria-invalid={field['aria-invalid']}
            onValueChange={(end) => update({ ...draft, end })}
          />
        </fieldset>
      )}
    </FormField>
  );
}
