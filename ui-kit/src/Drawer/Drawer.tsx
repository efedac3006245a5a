import { cx } from '../internal/cx';
import { Dialog, type DialogProps } from '../Dialog/Dialog';
import styles from './Drawer.module.css';

export interface DrawerProps extends DialogProps {
  /** The edge the drawer slides in from, in the reading direction (`end` is right in LTR). */
  side?: 'start' | 'end';
}

/**
 * A modal panel along an edge of the screen, for forms and details that keep the page in view
 * (e.g. "New claim"). Same behaviour as Dialog: focus trap, Escape, focus returns to the trigger.
 */
export function Drawer({ side = 'end', className, ...rest }: DrawerProps) {
  return <Dialog className={cx(styles.content, className)} data-side={side} {...rest} />;
}
