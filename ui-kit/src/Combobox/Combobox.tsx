import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type KeyboardEvent,
} from 'react';
import { FormField } from '../FormField/FormField';
import { splitFieldProps } from '../internal/splitFieldProps';
import { ChevronDownIcon } from '../internal/icons';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { SpinnerGlyph } from '../Spinner/SpinnerGlyph';
import styles from './Combobox.module.css';

/** One choice of a Combobox. */
export interface ComboboxOption {
  value: string;
  label: string;
  description?: string;
}

export interface ComboboxProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'size'
> {
  /** The visible label. */
  label: string;
  /** The selected option (controlled); null when none. */
  value: ComboboxOption | null;
  /** Called with the chosen option, or null when the field is cleared. */
  onChange: (option: ComboboxOption | null) => void;
  /** A fixed list, filtered as the person types. */
  options?: ComboboxOption[];
  /**
   * Loads options for a query from the server. Receives an AbortSignal: earlier requests are
   * aborted when the query changes.
   */
  loadOptions?: (query: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  /** Pause after typing before `loadOptions` runs, in milliseconds. */
  debounceMs?: number;
  /** Minimum characters before `loadOptions` runs. */
  minQueryLength?: number;
  /** Help under the field. */
  hint?: string;
  /** A validation message. */
  error?: string;
  /** Text when nothing matches. */
  noResultsText?: string;
  /** Text while options load. */
  loadingText?: string;
  /** Text when loading failed. */
  loadErrorText?: string;
  /** Status wording for the number of results, announced to screen readers. */
  resultsText?: (count: number) => string;
}

type Status = 'idle' | 'loading' | 'error';

/**
 * A text input with a list of suggestions (ARIA combobox with a listbox): type to filter or search
 * the server, arrows to move, Enter to choose, Escape to close. For short fixed lists prefer Select.
 */
export function Combobox({
  value,
  onChange,
  options,
  loadOptions,
  debounceMs = 250,
  minQueryLength = 1,
  noResultsText = 'No results',
  loadingText = 'Loading…',
  loadErrorText = 'Could not load suggestions',
  resultsText = (count) => `${count} ${count === 1 ? 'result' : 'results'} available`,
  disabled,
  placeholder,
  ...props
}: ComboboxProps) {
  const [fieldProps, rest] = splitFieldProps(props);
  const { label } = props;
  const listboxId = useId();
  const [query, setQuery] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [loaded, setLoaded] = useState<ComboboxOption[]>([]);
  const [requestStatus, setStatus] = useState<Status>('idle');
  const [typed, setTyped] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  // Show the selected option's label whenever the selection changes from outside.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setQuery(value?.label ?? '');
    setTyped(false);
  }

  const queryTooShort = loadOptions !== undefined && query.trim().length < minQueryLength;
  const status: Status = queryTooShort ? 'idle' : requestStatus;
  const filtered = options
    ? typed
      ? options.filter((option) => option.label.toLowerCase().includes(query.trim().toLowerCase()))
      : options
    : queryTooShort
      ? []
      : loaded;

  useEffect(() => {
    if (!loadOptions || !open || !typed || query.trim().length < minQueryLength) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      loadOptions(query.trim(), controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          setLoaded(result);
          setStatus('idle');
          setActiveIndex(result.length > 0 ? 0 : -1);
        },
        () => {
          if (!controller.signal.aborted) setStatus('error');
        },
      );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [loadOptions, open, typed, query, minQueryLength, debounceMs]);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current
      ?.querySelector(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (option: ComboboxOption) => {
    onChange(option);
    setQuery(option.label);
    setTyped(false);
    setOpen(false);
    setActiveIndex(-1);
  };

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActiveIndex((index) => Math.min(index + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Enter': {
        const option = open ? filtered[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
          onChange(null);
        }
        break;
      default:
    }
  };

  const showList =
    open &&
    (filtered.length > 0 ||
      status !== 'idle' ||
      (typed && query.trim().length >= (loadOptions ? minQueryLength : 1)));
  const announcement =
    !open || !typed
      ? ''
      : status === 'loading'
        ? loadingText
        : status === 'error'
          ? loadErrorText
          : filtered.length === 0
            ? noResultsText
            : resultsText(filtered.length);
  const activeOption = activeIndex >= 0 ? filtered[activeIndex] : undefined;

  return (
    <FormField {...fieldProps}>
      {(field) => (
        <div className={styles.wrapper}>
          <input
            {...field}
            type="text"
            role="combobox"
            className={styles.input}
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxId}
            aria-activedescendant={
              showList && activeOption ? `${listboxId}-${activeIndex}` : undefined
            }
            disabled={disabled}
            placeholder={placeholder}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              if (loadOptions && event.target.value.trim().length >= minQueryLength)
                setStatus('loading');
              setTyped(true);
              setOpen(true);
              setActiveIndex(options ? 0 : -1);
            }}
            onKeyDown={handleKeyDown}
            onClick={() => setOpen(true)}
            onBlur={() => {
              close();
              setQuery(value?.label ?? '');
              setTyped(false);
            }}
            {...rest}
          />
          <span className={styles.indicator} aria-hidden="true">
            {status === 'loading' ? <SpinnerGlyph size="sm" /> : <ChevronDownIcon />}
          </span>
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={label}
            className={styles.listbox}
            hidden={!showList}
          >
            {status === 'loading' && filtered.length === 0 && (
              <li className={styles.message}>{loadingText}</li>
            )}
            {status === 'error' && <li className={styles.message}>{loadErrorText}</li>}
            {status === 'idle' && filtered.length === 0 && (
              <li className={styles.message}>{noResultsText}</li>
            )}
            {filtered.map((option, index) => (
              <li
                key={option.value}
                id={`${listboxId}-${index}`}
                role="option"
                data-index={index}
                data-active={index === activeIndex}
                aria-selected={value?.value === option.value}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                {option.label}
                {option.description && (
                  <span className={styles.optionDescription}>{option.description}</span>
                )}
              </li>
            ))}
          </ul>
          <VisuallyHidden role="status">{announcement}</VisuallyHidden>
        </div>
      )}
    </FormField>
  );
}
