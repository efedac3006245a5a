import { Button, Inline, Spinner } from '@partner-portal/ui-kit';
import { lazy, Suspense, useRef, useState } from 'react';

import { formatCount } from '@/lib/format';

import type { InventoryItemDetail } from '@/lib/item-query';

const loadForm = () => import('./reorder-point-form');
const ReorderPointForm = lazy(async () => ({ default: (await loadForm()).ReorderPointForm }));

export interface ReorderPointProps {
  partnerSlug: string;
  item: InventoryItemDetail;
  /** Whether the person may set it (manager, admin): otherwise there is no edit control at all. */
  editable: boolean;
}

/**
 * The item's reorder point: the stock level at or below which it counts as low. Managers and
 * admins edit it in place; the form loads when they are about to (a viewer never loads it).
 */
export function ReorderPoint({ partnerSlug, item, editable }: ReorderPointProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  if (editing) {
    return (
      <Suspense fallback={<Spinner size="sm" label="Loading the reorder point form" />}>
        <ReorderPointForm
          partnerSlug={partnerSlug}
          item={item}
          onClose={() => {
            setEditing(false);
            // Back to where the person started, once the button is there again.
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      </Suspense>
    );
  }

  return (
    <Inline gap={2} align="center">
      <span>{formatCount(item.reorderPoint)}</span>
      {editable ? (
        <Button
          ref={editButton}
          variant="ghost"
          size="sm"
          aria-label="Edit reorder point"
          // Fetch the form's code as the pointer or the focus arrives, so it is there on click.
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      ) : null}
    </Inline>
  );
}
