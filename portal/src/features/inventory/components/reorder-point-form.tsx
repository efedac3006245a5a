import { Button, Inline, NumberField } from '@partner-portal/ui-kit';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';

import { ApiError } from '@/lib/api-client';
import { apiFieldErrors, type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useFieldProblems } from '@/lib/form-problems';

import type { InventoryItemDetail } from '@/lib/item-query';
import { useUpdateReorderPoint } from '../api/update-reorder-point';

import styles from './reorder-point.module.css';

const FIELDS = ['reorderPoint'] as const;

const saveMessages: ApiErrorMessages = {
  byStatus: {
    403: 'You can no longer change this item: your role in this partner has changed.',
    404: 'This item no longer exists.',
  },
};

/** The client's check; the API has the final word (its messages land beside the field too). */
function reorderPointProblem(value: number | null): string | undefined {
  if (value === null) return 'Enter a reorder point.';
  if (!Number.isInteger(value)) return 'Enter a whole number of units.';
  if (value < 0) return 'Enter 0 or more units.';
  return undefined;
}

export interface ReorderPointFormProps {
  partnerSlug: string;
  item: InventoryItemDetail;
  /** Called when the edit ends: saved, cancelled or unchanged. */
  onClose: () => void;
}

/**
 * The reorder point's inline edit (managers and admins): PATCH `{ reorderPoint }`; the API's field
 * errors show beside the field, other failures above it. Its own chunk: only people who may edit
 * load it, once they start.
 */
export function ReorderPointForm({ partnerSlug, item, onClose }: ReorderPointFormProps) {
  const [draft, setDraft] = useState<number | null>(item.reorderPoint);
  const form = useFieldProblems(FIELDS);
  const save = useUpdateReorderPoint(partnerSlug, item.id);
  const { focus } = form;

  useEffect(() => focus('reorderPoint'), [focus]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    if (!form.check({ reorderPoint: reorderPointProblem(draft) })) return;
    if (draft === null || draft === item.reorderPoint) {
      onClose();
      return;
    }
    save.mutate(draft, {
      onSuccess: onClose,
      onError: (error) => {
        const problems = apiFieldErrors(error, FIELDS);
        // A refusal of the value that names no field of this form still belongs beside it.
        if (
          problems.reorderPoint === undefined &&
          error instanceof ApiError &&
          error.status === 400
        ) {
          problems.reorderPoint = error.detail ?? 'Enter a valid reorder point.';
        }
        form.setProblems(problems);
        if (problems.reorderPoint !== undefined) form.focus('reorderPoint');
      },
    });
  };

  const cancelOnEscape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <form
      className={styles.form}
      aria-label="Reorder point"
      noValidate
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
    >
      <ApiProblemAlert error={save.error} messages={saveMessages} />
      <NumberField
        ref={form.fieldRef('reorderPoint')}
        name="reorderPoint"
        label="Reorder point"
        hideLabel
        hint="Units available at or below which the item is low on stock."
        min={0}
        step={1}
        value={draft}
        onValueChange={(value) => {
          setDraft(value);
          form.clearProblem('reorderPoint');
        }}
        error={form.problems.reorderPoint}
        className={styles.field}
      />
      <Inline gap={2}>
        <Button type="submit" size="sm" loading={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </Inline>
    </form>
  );
}
