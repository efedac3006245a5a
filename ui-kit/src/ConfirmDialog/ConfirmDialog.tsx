import { useState, type ReactElement, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Dialog, DialogClose, type DialogProps } from '../Dialog/Dialog';

export interface ConfirmDialogProps extends Omit<
  DialogProps,
  'children' | 'footer' | 'title' | 'description' | 'role'
> {
  /** The question, as a heading: "Delete this draft?" */
  title: ReactNode;
  /** The consequence, in a sentence: "The draft and its evidence files are removed." */
  description?: ReactNode;
  /** Label of the confirming button; name the action ("Delete draft"), not "OK". */
  confirmLabel: string;
  /** Label of the cancelling button. */
  cancelLabel?: string;
  /** `danger` for destructive actions. */
  tone?: 'primary' | 'danger';
  /**
   * Runs on confirmation. Return a promise to keep the dialog open with a busy button until it
   * settles: it closes when the promise resolves and stays open (for a retry) when it rejects.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Forces the busy state of the confirm button, for callers tracking a mutation themselves. */
  loading?: boolean;
  /** The element that opens the dialog. */
  trigger?: ReactElement;
  /** Extra content between the description and the buttons (e.g. an error from the last attempt). */
  children?: ReactNode;
}

/**
 * Asks for confirmation before an action, as an `alertdialog`. Focus starts on Cancel so a stray
 * Enter never confirms a destructive action.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  loading = false,
  open,
  defaultOpen,
  onOpenChange,
  children,
  size = 'sm',
  ...rest
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const [pending, setPending] = useState(false);
  const isOpen = open ?? uncontrolledOpen;

  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setPending(true);
    try {
      await result;
      setOpen(false);
    } catch {
      // The caller shows the failure (children, a toast); the dialog stays open for a retry.
    } finally {
      setPending(false);
    }
  };

  const busy = loading || pending;

  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      open={isOpen}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
      size={size}
      hideCloseButton
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        const content = event.currentTarget as HTMLElement | null;
        content?.querySelector<HTMLButtonElement>('[data-confirm-cancel]')?.focus();
      }}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" data-confirm-cancel="" disabled={busy}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={confirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
      {...rest}
    >
      {children}
    </Dialog>
  );
}
