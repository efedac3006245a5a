import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { ButtonSize, ButtonVariant } from '../Button/Button';
import { cx } from '../internal/cx';
import { Tooltip } from '../Tooltip/Tooltip';
import styles from './IconButton.module.css';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  /** The accessible name of the button, e.g. "Close" or "More actions". Required: the icon is decorative. */
  label: string;
  /** The icon (decorative, hidden from assistive technology). */
  icon: ReactNode;
  /** Visual weight; `ghost` (the default) for toolbars and headers. */
  variant?: ButtonVariant;
  /** Square size: `sm` 28 px, `md` 36 px, `lg` 44 px. */
  size?: ButtonSize;
  /** Shows the label in a tooltip on hover and focus, for sighted mouse and keyboard users. */
  showTooltip?: boolean;
  /** The native type; defaults to `"button"`. */
  type?: 'button' | 'submit' | 'reset';
}

/** A square button showing only an icon; its label is announced and, optionally, shown as a tooltip. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  showTooltip = false,
  type = 'button',
  className,
  ...rest
}: IconButtonProps) {
  const button = (
    <button
      type={type}
      aria-label={label}
      className={cx(styles.root, className)}
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      <span aria-hidden="true" className={styles.icon}>
        {icon}
      </span>
    </button>
  );
  return showTooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
}
