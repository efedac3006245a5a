import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { CloseIcon } from '../internal/icons';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

/** What `toast()` accepts. */
export interface ToastOptions {
  /** The message, short: "Claim submitted". */
  title: ReactNode;
  /** An optional second line. */
  description?: ReactNode;
  /** Colour of the accent bar. `danger` toasts are announced assertively. */
  tone?: ToastTone;
  /** An action, e.g. Undo. `altText` tells screen-reader users how to reach it otherwise. */
  action?: { label: string; altText: string; onClick: () => void };
  /** Milliseconds before it hides; defaults to the provider's duration. */
  duration?: number;
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastApi {
  /** Shows a toast; returns its id. */
  toast: (options: ToastOptions) => string;
  /** Hides a toast by id. */
  dismiss: (id: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  /** The app. */
  children: ReactNode;
  /** Default time on screen, in milliseconds (paused while hovered or focused). */
  duration?: number;
  /** Accessible label of the toast region; `{hotkey}` is replaced by the shortcut that focuses it (F8). */
  label?: string;
  /** Word a screen reader says before each toast's text, so the interruption is known as a toast. */
  toastLabel?: string;
  /** Accessible name of each toast's close button. */
  closeLabel?: string;
}

let counter = 0;

/**
 * Hosts toasts for the app: brief, non-blocking confirmations of an action. Put it near the root and
 * call `useToast().toast({ title })`. Built on Radix Toast (F8 jumps to the toasts; swipe dismisses).
 */
export function ToastProvider({
  children,
  duration = 5000,
  label = 'Notifications ({hotkey})',
  toastLabel = 'Notification',
  closeLabel = 'Dismiss notification',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    counter += 1;
    const id = `toast-${counter}`;
    setToasts((current) => [...current, { ...options, id, open: true }]);
    return id;
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={duration} label={toastLabel}>
        {children}
        {toasts.map((entry) => (
          <RadixToast.Root
            key={entry.id}
            className={styles.toast}
            data-tone={entry.tone ?? 'info'}
            type={entry.tone === 'danger' ? 'foreground' : 'background'}
            duration={entry.duration}
            open={entry.open}
            onOpenChange={(open) => {
              if (!open) {
                dismiss(entry.id);
                // Keep the entry for the exit animation, then drop it.
                window.setTimeout(
                  () => setToasts((current) => current.filter((t) => t.id !== entry.id)),
                  300,
                );
              }
            }}
          >
            <div className={styles.text}>
              <RadixToast.Title className={styles.title}>{entry.title}</RadixToast.Title>
              {entry.description && (
                <RadixToast.Description className={styles.description}>
                  {entry.description}
                </RadixToast.Description>
              )}
            </div>
            <div className={styles.actions}>
              {entry.action && (
                <RadixToast.Action altText={entry.action.altText} asChild>
                  <Button size="sm" variant="secondary" onClick={entry.action.onClick}>
                    {entry.action.label}
                  </Button>
                </RadixToast.Action>
              )}
              <RadixToast.Close asChild>
                <IconButton size="sm" label={closeLabel} icon={<CloseIcon />} />
              </RadixToast.Close>
            </div>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className={styles.viewport} label={label} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a <ToastProvider>.');
  return api;
}
