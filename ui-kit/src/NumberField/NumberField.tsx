import { useState, type ComponentPropsWithRef, type KeyboardEvent, type ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { parseLocaleNumber } from '../internal/number';
import styles from './NumberField.module.css';

export interface NumberFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'prefix'
> {
  /** The visible label. */
  label: string;
  /** Hides the label visually (a table cell, an inline edit beside its term); it still names the field. */
  hideLabel?: boolean;
  /** The number (controlled); `null` when empty. */
  value?: number | null;
  /** The initial number (uncontrolled). */
  defaultValue?: number | null;
  /** Called with the parsed number (or null) when the entry is committed: blur, Enter, arrows, steppers. */
  onValueChange?: (value: number | null) => void;
  /** Smallest allowed value; entries below are clamped. */
  min?: number;
  /** Largest allowed value; entries above are clamped. */
  max?: number;
  /** Amount added by ArrowUp/ArrowDown and the steppers (PageUp/PageDown: ×10). */
  step?: number;
  /** How the number is shown when not being edited, e.g. `{ maximumFractionDigits: 0 }`. */
  formatOptions?: Intl.NumberFormatOptions;
  /** BCP 47 locale for parsing and formatting. */
  locale?: string;
  /** Shows − and + buttons. */
  showSteppers?: boolean;
  /** Text before the number inside the field (a currency symbol, a unit). */
  prefix?: ReactNode;
  /** Help under the field. */
  hint?: string;
  /** A validation message. */
  error?: string;
  /** Accessible names of the steppers. */
  incrementLabel?: string;
  decrementLabel?: string;
}

/**
 * A number input that accepts the locale's separators, clamps to min/max and steps with the arrow
 * keys (a `spinbutton`). Holds a number, not a string: `onValueChange(12.5)`.
 */
export function NumberField({
  value,
  defaultValue = null,
  onValueChange,
  min,
  max,
  step = 1,
  formatOptions,
  locale,
  showSteppers = false,
  prefix,
  incrementLabel = 'Increase',
  decrementLabel = 'Decrease',
  disabled,
  readOnly,
  onBlur,
  onKeyDown,
  ...props
}: NumberFieldProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  const [uncontrolled, setUncontrolled] = useState<number | null>(defaultValue);
  const current = value !== undefined ? value : uncontrolled;
  const format = (number: number | null) =>
    number === null
      ? ''
      : new Intl.NumberFormat(locale, { useGrouping: false, ...formatOptions }).format(number);
  // While focused the input shows what the person types; otherwise the formatted committed value.
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(false);
  const shown = editing ? draft : format(current);

  const clamp = (number: number) => Math.min(Math.max(number, min ?? -Infinity), max ?? Infinity);

  const commit = (next: number | null) => {
    const clamped = next === null ? null : clamp(next);
    if (value === undefined) setUncontrolled(clamped);
    setDraft(format(clamped));
    if (clamped !== current) onValueChange?.(clamped);
  };

  const stepBy = (delta: number) => {
    const base = (editing ? parseLocaleNumber(draft, locale) : current) ?? current ?? min ?? 0;
    const precision = Math.max(decimals(step), decimals(base));
    commit(Number((base + delta).toFixed(precision)));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || readOnly) return;
    const deltas: Record<string, number> = {
      ArrowUp: step,
      ArrowDown: -step,
      PageUp: step * 10,
      PageDown: -step * 10,
    };
    const delta = deltas[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      stepBy(delta);
    } else if (event.key === 'Home' && min !== undefined) {
      event.preventDefault();
      commit(min);
    } else if (event.key === 'End' && max !== undefined) {
      event.preventDefault();
      commit(max);
    } else if (event.key === 'Enter' && editing) {
      commit(parseLocaleNumber(draft, locale));
    }
  };

  return (
    <FormField {...fieldProps}>
      {(field) => (
        <div
          className={styles.wrapper}
          data-steppers={showSteppers}
          data-prefix={prefix !== undefined}
        >
          {prefix !== undefined && (
            <span className={styles.prefix} aria-hidden="true">
              {prefix}
            </span>
          )}
          <input
            {...field}
            type="text"
            inputMode={step % 1 === 0 && (min ?? 0) >= 0 ? 'numeric' : 'decimal'}
            role="spinbutton"
            autoComplete="off"
            className={styles.input}
            value={shown}
            disabled={disabled}
            readOnly={readOnly}
            aria-valuenow={current ?? undefined}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuetext={current === null ? undefined : draftText(prefix, format(current))}
            onFocus={() => {
              setDraft(format(current));
              setEditing(true);
            }}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={(event) => {
              setEditing(false);
              if (editing) commit(parseLocaleNumber(draft, locale));
              onBlur?.(event);
            }}
            onKeyDown={handleKeyDown}
            {...rest}
          />
          {showSteppers && (
            <span className={styles.steppers}>
              <button
                type="button"
                tabIndex={-1}
                className={styles.stepper}
                aria-label={decrementLabel}
                aria-controls={field.id}
                disabled={
                  disabled || readOnly || (min !== undefined && current !== null && current <= min)
                }
                onClick={() => stepBy(-step)}
              >
                −
              </button>
              <button
                type="button"
                tabIndex={-1}
                className={styles.stepper}
                aria-label={incrementLabel}
                aria-controls={field.id}
                disabled={
                  disabled || readOnly || (max !== undefined && current !== null && current >= max)
                }
                onClick={() => stepBy(step)}
              >
                +
              </button>
            </span>
          )}
        </div>
      )}
    </FormField>
  );
}

function decimals(number: number): number {
  const text = String(number);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

function draftText(prefix: ReactNode, text: string): string {
  return typeof prefix === 'string' ? `${prefix} ${text}` : text;
}
