import type { ReactNode } from 'react';

/** The props a kit field shares with FormField, named as on a native control. */
export interface FieldOwnProps {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  'aria-describedby'?: string;
}

/** Splits a kit field's props: FormField's own, and the rest for the control. */
export function splitFieldProps<P extends FieldOwnProps>({
  label,
  hideLabel,
  hint,
  error,
  required,
  id,
  className,
  'aria-describedby': describedBy,
  ...control
}: P) {
  const field = { label, hideLabel, hint, error, required, className, describedBy, controlId: id };
  return [field, control] as const;
}
