import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { SpinnerGlyph } from '../Spinner/SpinnerGlyph';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /**
   * Visual weight: `primary` for the one main action of a view, `secondary` for the others,
   * `ghost` for low-emphasis actions in dense places, `danger` for destructive actions.
   */
  variant?: ButtonVariant;
  /** Control height: `sm` 28 px, `md` 36 px, `lg` 44 px (touch-friendly). */
  size?: ButtonSize;
  /**
   * Shows a spinner, sets `aria-busy` and blocks activation. The button keeps its focus (it is
   * `aria-disabled`, not `disabled`), so keyboard users are not thrown back to the page start
   * while a form submits.
   */
  loading?: boolean;
  /** An icon before the label (decorative: give the button a text label). */
  leadingIcon?: ReactNode;
  /** An icon after the label (decorative). */
  trailingIcon?: ReactNode;
  /** Stretches the button to the width of its container. */
  fullWidth?: boolean;
  /** The native button type; defaults to `"button"` so a button never submits a form by accident. */
  type?: 'button' | 'submit' | 'reset';
}

/** Triggers an action. For navigation use Link. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  leadingIcon,
  trailingIcon,
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  'aria-disabled': ariaDisabled,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // Also stops a submit button from submitting its form a second time.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      type={type}
      className={cx(styles.root, className)}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      data-full-width={fullWidth || undefined}
      disabled={disabled}
      aria-disabled={loading ? true : ariaDisabled}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? (
        <SpinnerGlyph size="sm" />
      ) : (
        leadingIcon && <span className={styles.icon}>{leadingIcon}</span>
      )}
      {children}
      {trailingIcon && <span className={styles.icon}>{trailingIcon}</span>}
    </button>
  );
}
