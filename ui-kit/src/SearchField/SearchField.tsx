import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type KeyboardEvent,
} from 'react';
import { IconButton } from '../IconButton/IconButton';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { CloseIcon, SearchIcon } from '../internal/icons';
import styles from './SearchField.module.css';

export interface SearchFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'size' | 'value' | 'defaultValue' | 'onChange'
> {
  /** What is searched ("Search inventory"); names the input. */
  label: string;
  /** Hides the label visually (it still names the input). Default: hidden, as the icon and placeholder show the purpose. */
  hideLabel?: boolean;
  /** The search text (controlled). */
  value?: string;
  /** The initial search text (uncontrolled). */
  defaultValue?: string;
  /** Called on every keystroke with the text. */
  onValueChange?: (value: string) => void;
  /**
   * Called with the text once typing pauses for `debounceMs` (and at once on clear/Enter): wire
   * server searches and URL updates here.
   */
  onSearch?: (value: string) => void;
  /** Pause before `onSearch`, in milliseconds. */
  debounceMs?: number;
  /** Accessible name of the clear button. */
  clearLabel?: string;
  /** Help under the field. */
  hint?: string;
  /** Control height. */
  size?: 'sm' | 'md';
}

/** A search input with a clear button; Escape clears it. Debounces `onSearch` for server queries. */
export function SearchField({
  hideLabel = true,
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  debounceMs = 300,
  clearLabel = 'Clear search',
  size = 'md',
  onKeyDown,
  ...props
}: SearchFieldProps) {
  const [fieldProps, rest] = splitFieldProps({ ...props, hideLabel });
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const text = value ?? uncontrolled;
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (next: string, immediate: boolean) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
    window.clearTimeout(timer.current);
    if (!onSearch) return;
    if (immediate) onSearch(next);
    else timer.current = window.setTimeout(() => onSearch(next), debounceMs);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      update('', true);
    } else if (event.key === 'Enter') {
      window.clearTimeout(timer.current);
      onSearch?.(text);
    }
  };

  return (
    <FormField {...fieldProps}>
      {(field) => (
        <div className={styles.wrapper}>
          <span className={styles.icon} aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            ref={inputRef}
            {...field}
            type="search"
            className={styles.input}
            data-size={size}
            value={text}
            onChange={(event: ChangeEvent<HTMLInputElement>) => update(event.target.value, false)}
            onKeyDown={handleKeyDown}
            autoComplete="off"
            {...rest}
          />
          {text !== '' && (
            <IconButton
              className={styles.clear}
              size="sm"
              label={clearLabel}
              icon={<CloseIcon />}
              onClick={() => {
                update('', true);
                inputRef.current?.focus();
              }}
            />
          )}
        </div>
      )}
    </FormField>
  );
}
