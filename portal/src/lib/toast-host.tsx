import { ToastProvider, useToast } from '@partner-portal/ui-kit';
import { useEffect, useRef } from 'react';

import type { QueuedToast } from './toasts';

interface ToastHostProps {
  queue: readonly QueuedToast[];
  onShown: (ids: readonly number[]) => void;
}

/** ui-kit's toast region, fed from the queue of {@link ToastsProvider} (lazy: its own chunk). */
export default function ToastHost({ queue, onShown }: ToastHostProps) {
  return (
    <ToastProvider>
      <ShowQueued queue={queue} onShown={onShown} />
    </ToastProvider>
  );
}

function ShowQueued({ queue, onShown }: ToastHostProps) {
  const { toast } = useToast();
  // Each toast once, even when an effect runs twice (StrictMode) before the queue is emptied.
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const fresh = queue.filter(({ id }) => !shown.current.has(id));
    if (fresh.length === 0) return;
    for (const { id, options } of fresh) {
      shown.current.add(id);
      toast(options);
    }
    onShown(fresh.map(({ id }) => id));
  }, [queue, toast, onShown]);
  return null;
}
