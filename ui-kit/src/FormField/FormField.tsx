import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import choiceStyles from '../internal/Choice.module.css';
import fieldStyles from '../internal/Field.module.css';
import { cx } from '../internal/cx';
import { AlertIcon } from '../internal/icons';
import { joinIds } from '../internal/joinIds';
import { VisuallyHidden } from '../internal/VisuallyHidden';

/**
 * The props FormField hands to its control: spread them on the element that takes the input.
 * This is the one place where a field's ids and ARIA are wired.
 */
export interface FormFieldControlProps {
  id: string;
  /** Set when the label names a group of controls (`labelling="group"`). */
  'aria-labelledby': string | undefined;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  /** The error message's id while there is an error. */
  'aria-errormessage': string | undefined;
  required: boolean | undefined;
}

export interface FormFieldProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The visible label of the control. */
  label: ReactNode;
  /** Shows the label to screen readers only (toolbars, table rows); it still names the control. */
  hideLabel?: boolean;
  /** Help linked with `aria-describedby`: under the control, or beside it in the inline layout. */
  hint?: ReactNode;
  /** A validation message; the control gets `aria-invalid` and `aria-errormessage`. */
  error?: ReactNode;
  /** Marks the field required (label mark + `required` passed to the control). */
  required?: boolean;
  /** Dims the label of an inline field whose control is disabled. */
  disabled?: boolean;
  /** Id of the control; generated when absent. */
  controlId?: string;
  /** Ids of other elements that describe the control (a counter, a meter), read before the hint. */
  describedBy?: string;
  /**
   * `control`: a `<label for>` names one control. `group`: the label names a group of controls
   * (radio buttons, a date range) through `aria-labelledby`.
   */
  labelling?: 'control' | 'group';
  /** `stacked`: label, control, hint. `inline`: the control, then its label and hint (checkbox, switch). */
  layout?: 'stacked' | 'inline';
  /** Where a stacked field shows its hint: under the control, or under the label when the control is tall. */
  hintPlacement?: 'control' | 'label';
  /**
   * Renders the control with the wiring props: `{(props) => <MyInput {...props} />}`. Use it to
   * label any control (a third-party input, a custom widget) the way the kit's fields are labelled.
   */
  children: (controlProps: FormFieldControlProps) => ReactNode;
}

/**
 * Label, hint and error around any control, with ids and ARIA wired for you. Every field of the
 * kit is built on it.
 */
export function FormField({
  label,
  hideLabel = false,
  hint,
  error,
  required,
  disabled,
  controlId,
  describedBy,
  labelling = 'control',
  layout = 'stacked',
  hintPlacement = 'control',
  className,
  children,
  ...rest
}: FormFieldProps) {
  const generated = useId();
  const id = controlId ?? `field-${generated}`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const group = labelling === 'group';
  const controlProps: FormFieldControlProps = {
    id,
    'aria-labelledby': group ? labelId : undefined,
    'aria-describedby': joinIds(
      describedBy,
      hint ? hintId : undefined,
      error ? errorId : undefined,
    ),
    'aria-invalid': error ? true : undefined,
    'aria-errormessage': error ? errorId : undefined,
    required,
  };

  const inline = layout === 'inline';
  const labelElement = group ? (
    <span id={labelId} className={inline ? choiceStyles.label : fieldStyles.label}>
      {label}
    </span>
  ) : (
    <label htmlFor={id} className={inline ? choiceStyles.label : fieldStyles.label}>
      {label}
    </label>
  );
  const hintElement = hint ? (
    <p id={hintId} className={inline ? choiceStyles.description : fieldStyles.hint}>
      {hint}
    </p>
  ) : null;
  const errorElement = (
    <div aria-live="polite">
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          <AlertIcon />
          <span>{error}</span>
        </p>
      )}
    </div>
  );

  if (inline) {
    return (
      <div className={className} {...rest}>
        <div className={choiceStyles.row} data-disabled={disabled === true}>
          {children(controlProps)}
          <div className={choiceStyles.text}>
            {hideLabel ? <VisuallyHidden>{labelElement}</VisuallyHidden> : labelElement}
            {hintElement}
          </div>
        </div>
        {errorElement}
      </div>
    );
  }

  return (
    <div className={cx(fieldStyles.field, className)} {...rest}>
      {hideLabel ? (
        <VisuallyHidden>{labelElement}</VisuallyHidden>
      ) : (
        <span className={fieldStyles.labelRow}>
          {labelElement}
          {/* Beside the label, not inside it: the label's text (and getByLabelText) stays exactly
              the label; `required` on the control is what assistive technology announces. */}
          {required && (
            <span className={fieldStyles.required} aria-hidden="true">
              *
            </span>
          )}
        </span>
      )}
      {hintPlacement === 'label' && hintElement}
      {children(controlProps)}
      {hintPlacement === 'control' && hintElement}
      {errorElement}
    </div>
  );
}
