import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ComponentPropsWithRef, type ReactElement, type ReactNode } from 'react';
import { IconButton } from '../IconButton/IconButton';
import { cx } from '../internal/cx';
import { CloseIcon } from '../internal/icons';
import { ScrollLock } from '../internal/ScrollLock';
import { useScrollFocusable } from '../internal/useScrollFocusable';
import styles from './Dialog.module.css';

export interface DialogProps extends Omit<
  ComponentPropsWithRef<typeof RadixDialog.Content>,
  'title' | 'children'
> {
  /** The dialog's heading; also its accessible name. */
  title: ReactNode;
  /** A sentence under the title; becomes the accessible description. */
  description?: ReactNode;
  /** The element that opens the dialog (a Button). Omit it to control the dialog with `open`. */
  trigger?: ReactElement;
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the dialog asks to open or close (trigger, Escape, close button, outside click). */
  onOpenChange?: (open: boolean) => void;
  /** The dialog's content. */
  children?: ReactNode;
  /** Actions at the bottom, end-aligned: put the primary action last. */
  footer?: ReactNode;
  /** Width: `sm` 416 px, `md` 544 px, `lg` 768 px (always within the viewport). */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Hides the close button (e.g. while a required step is in progress). Escape still closes. */
  hideCloseButton?: boolean;
}

/**
 * A modal dialog: traps focus, closes on Escape or a click outside, returns focus to its trigger,
 * hides the rest of the page from assistive technology and locks its scrolling. Built on Radix
 * Dialog; injects no <style> element, so it works under a strict Content Security Policy.
 */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close',
  hideCloseButton = false,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DialogProps) {
  // Without a trigger (a dialog opened by state, e.g. from the URL), Radix returns focus to no
  // element on close, and it lands on the page's body: keep the element that had it when the dialog
  // opened (the button that opened it), and return it there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        {/* Our own backdrop and scroll lock: Radix's Overlay injects a <style> element that a strict CSP blocks. */}
        <div className={styles.overlay} aria-hidden="true" />
        <ScrollLock />
        <RadixDialog.Content
          className={cx(styles.content, className)}
          data-size={size}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...rest}
          onOpenAutoFocus={(event) => {
            const focused = document.activeElement;
            opener.current = focused instanceof HTMLElement ? focused : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (trigger || event.defaultPrevented || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className={styles.header}>
            <div className={styles.headings}>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className={styles.description}>
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {!hideCloseButton && (
              <RadixDialog.Close asChild>
                <IconButton className={styles.close} label={closeLabel} icon={<CloseIcon />} />
              </RadixDialog.Close>
            )}
          </div>
          {children != null && <DialogBody>{children}</DialogBody>}
          {footer != null && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function DialogBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollable = useScrollFocusable(ref);
  return (
    <div ref={ref} className={styles.body} tabIndex={scrollable ? 0 : undefined}>
      {children}
    </div>
  );
}

/** Wrap a footer button in DialogClose to make it close the dialog (e.g. "Cancel"). */
export const DialogClose = RadixDialog.Close;
export type DialogCloseProps = ComponentPropsWithRef<typeof RadixDialog.Close>;
