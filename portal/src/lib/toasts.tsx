import type { ToastOptions } from '@partner-portal/ui-kit';
import { createContext, lazy, Suspense, useContext, useRef, useState, type ReactNode } from 'react';

/** Shows a toast. */
export type Notify = (options: ToastOptions) => void;

/** A toast waiting for the toast region to load. */
export interface QueuedToast {
  id: number;
  options: ToastOptions;
}

const NotifyContext = createContext<Notify | null>(null);

// The toast region (Radix Toast, its close button's tooltip) is code no first page needs: it loads
// with the first toast, and stays.
const ToastHost = lazy(() => import('./toast-host'));

/** Lets any screen show a toast (ui-kit's), loading the toast region only when one is shown. */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [hostNeeded, setHostNeeded] = useState(false);
  const nextId = useRef(0);
  const [notify] = useState<Notify>(() => (options: ToastOptions) => {
    nextId.current += 1;
    const id = nextId.current;
    setQueue((current) => [...current, { id, options }]);
    setHostNeeded(true);
  });
  const shown = (ids: readonly number[]) =>
    setQueue((current) => current.filter((toast) => !ids.includes(toast.id)));

  return (
    <NotifyContext value={notify}>
      {children}
      {hostNeeded ? (
        <Suspense fallback={null}>
          <ToastHost queue={queue} onShown={shown} />
        </Suspense>
      ) : null}
    </NotifyContext>
  );
}

/** Shows a toast; inside {@link ToastsProvider}. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (notify === null) throw new Error('useNotify must be used inside <ToastsProvider>.');
  return notify;
}
