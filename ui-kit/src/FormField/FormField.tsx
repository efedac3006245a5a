import type { ComponentPropsWithRef, ReactNode } from 'react';
import fieldStyles from '../internal/Field.module.css';
import { FieldLabel } from '../internal/FieldLabel';
import { FieldMessages } from '../internal/FieldMessages';
import { cx } from '../internal/cx';
import { useFieldIds } from '../internal/useFieldIds';

/** The props FormField hands to its control. */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FormFieldProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The visible label of the control. */
  label: string;
  /** Help under the control, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** A validation message; the control gets `aria-invalid`. */
  error?: ReactNode;
  /** Marks the field required (label mark + `required` passed to the control). */
  required?: boolean;
  /** Id of the control; generated when absent. */
  controlId?: string;
  /**
   * Renders the control with the wiring props: `{(props) => <MyInput {...props} />}`. Use it to
   * label any control (a third-party input, a custom widget) the way the kit's fields are labelled.
   */
  children: (controlProps: FormFieldControlProps) => ReactNode;
}

/** Label, hint and error around any control, with ids and ARIA wired for you. */
export function FormField({
  label,
  hint,
  error,
  required,
  controlId,
  className,
  children,
  ...rest
}: FormFieldProps) {
  const ids = useFieldIds({ id: controlId, hint, error });
  return (
    <div className={cx(fieldStyles.field, className)} {...rest}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      {children({
        id: ids.controlId,
        'aria-describedby': ids.ariaDescribedBy,
        'aria-invalid': error ? true : undefined,
        required,
      })}
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
