import { useCallback, useRef, useState } from 'react';

import { apiFieldErrors } from './api-errors';

export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

export interface FieldProblemsApi<Field extends string> {
  /** The message beside each field, if any. */
  problems: FieldProblems<Field>;
  /** Replaces the messages. */
  setProblems: (problems: FieldProblems<Field>) => void;
  /** Clears the message of one field. */
  clearProblem: (field: Field) => void;
  /** The ref of a field's control, so a problem can focus it. */
  fieldRef: (field: Field) => (element: HTMLElement | null) => void;
  /** Focuses a field's control. */
  focus: (field: Field) => void;
  /** The control of a field, once rendered. */
  element: (field: Field) => HTMLElement | undefined;
  /**
   * Shows the problems found before sending and focuses the first field (in the order given to
   * the hook) that has one. True when there is none, so the form may be sent.
   */
  check: (found: FieldProblems<Field>) => boolean;
  /** Shows the API's per-field messages of a failed request (400 `validation`). */
  showApiErrors: (error: unknown) => void;
}

/**
 * The per-field messages of a form, shared by every form of the portal: client-side checks name a
 * problem beside its field and focus it; the API's field errors land beside the same fields.
 */
export function useFieldProblems<Field extends string>(
  fields: readonly Field[],
): FieldProblemsApi<Field> {
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const elements = useRef(new Map<Field, HTMLElement>());
  const refCallbacks = useRef(new Map<Field, (element: HTMLElement | null) => void>());

  const fieldRef = useCallback((field: Field) => {
    let callback = refCallbacks.current.get(field);
    if (callback === undefined) {
      callback = (element) => {
        if (element === null) elements.current.delete(field);
        else elements.current.set(field, element);
      };
      refCallbacks.current.set(field, callback);
    }
    return callback;
  }, []);

  const focus = useCallback((field: Field) => elements.current.get(field)?.focus(), []);

  const check = (found: FieldProblems<Field>): boolean => {
    setProblems(found);
    const first = fields.find((field) => found[field] !== undefined);
    if (first !== undefined) focus(first);
    return first === undefined;
  };

  return {
    problems,
    setProblems,
    clearProblem: (field) =>
      setProblems((current) =>
        current[field] === undefined ? current : { ...current, [field]: undefined },
      ),
    fieldRef,
    focus,
    element: (field) => elements.current.get(field),
    check,
    showApiErrors: (error) => setProblems(apiFieldErrors(error, fields)),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-side check of an email field; the API has the final word. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address.';
  if (!EMAIL.test(email.trim())) return 'Enter an email address like name@example.com.';
  return undefined;
}
