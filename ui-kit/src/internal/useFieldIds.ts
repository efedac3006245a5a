import { useId } from 'react';

interface FieldIdsInput {
  id?: string;
  hint?: unknown;
  error?: unknown;
  describedBy?: string;
}

/** Stable ids for a field's control, hint and error, and the `aria-describedby` that joins them. */
export function useFieldIds({ id, hint, error, describedBy }: FieldIdsInput) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const ariaDescribedBy =
    [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return { controlId, hintId, errorId, ariaDescribedBy };
}
