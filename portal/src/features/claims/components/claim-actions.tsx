import { Button } from '@partner-portal/ui-kit';
import { Fragment, lazy, Suspense, useId, useState } from 'react';

import type { Claim } from '../api/get-claim';
import type { ClaimAction } from '../api/transition-claim';

import styles from './claim-page.module.css';

// The dialogs load when one opens: most visits to a claim only read it.
const ActionDialog = lazy(async () => ({
  default: (await import('./claim-action-dialog')).ActionDialog,
}));
const DeleteClaimDialog = lazy(async () => ({
  default: (await import('./delete-claim-dialog')).DeleteClaimDialog,
}));

/** The lifecycle's actions, in its order (docs/product.md §4), as their buttons read. */
const LIFECYCLE_ACTIONS: ReadonlyArray<{ action: ClaimAction; label: string; danger?: boolean }> = [
  { action: 'submit', label: 'Submit' },
  { action: 'start_review', label: 'Start review' },
  { action: 'request_info', label: 'Request info' },
  { action: 'respond', label: 'Respond' },
  { action: 'approve', label: 'Approve' },
  { action: 'reject', label: 'Reject', danger: true },
  { action: 'mark_paid', label: 'Mark paid' },
  { action: 'withdraw', label: 'Withdraw', danger: true },
];

/**
 * Why Submit cannot be pressed yet: the draft's `missing` (the evidence the page lists as missing,
 * a closed filing window), said beside the disabled button; undefined when nothing blocks it.
 */
function submitBlocker(claim: Claim): string | undefined {
  if (claim.status !== 'draft' || claim.missing.length === 0) return undefined;
  return `Not ready to submit: ${claim.missing.map(({ message }) => message).join(' ')}`;
}

export interface ClaimActionsProps {
  partnerSlug: string;
  claim: Claim;
  /** `edit` was chosen: the page shows the draft's form. */
  onEdit: () => void;
  /** The draft is gone. */
  onDeleted: () => void;
  /** The edit form is open (its own buttons stand in for Edit). */
  editing: boolean;
}

/**
 * What the person may do to the claim now: exactly the claim's `allowedActions` for them (the BFF
 * computes it from the lifecycle), nothing else. A viewer sees no button at all.
 */
export function ClaimActions({
  partnerSlug,
  claim,
  onEdit,
  onDeleted,
  editing,
}: ClaimActionsProps) {
  // The open dialog is kept here, apart from the buttons: when a 412 shows that the action is no
  // longer allowed, its button goes, but the dialog (and what was typed in it) stays.
  const [open, setOpen] = useState<ClaimAction | 'delete'>();
  const allowed = new Set<string>(claim.allowedActions);
  const actions = LIFECYCLE_ACTIONS.filter(({ action }) => allowed.has(action));
  const canEdit = allowed.has('edit') && !editing;
  const canDelete = allowed.has('delete');
  const submitReasonId = useId();
  const submitBlockedBy = submitBlocker(claim);
  if (actions.length === 0 && !canEdit && !canDelete && open === undefined) return null;

  return (
    <div className={styles.actions} role="group" aria-label="Claim actions">
      {canEdit ? (
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {actions.map(({ action, label, danger }, index) => {
        const blocked = action === 'submit' && submitBlockedBy !== undefined;
        return (
          <Fragment key={action}>
            <Button
              variant={!danger && index === 0 ? 'primary' : 'secondary'}
              disabled={blocked}
              aria-describedby={blocked ? submitReasonId : undefined}
              onClick={() => setOpen(action)}
            >
              {label}
            </Button>
            {blocked ? (
              <span id={submitReasonId} className={styles.blockedReason}>
                {submitBlockedBy}
              </span>
            ) : null}
          </Fragment>
        );
      })}
      {canDelete ? (
        <Button variant="secondary" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {open === 'delete' ? (
          <DeleteClaimDialog
            partnerSlug={partnerSlug}
            claim={claim}
            onClose={() => setOpen(undefined)}
            onDeleted={onDeleted}
          />
        ) : open !== undefined ? (
          <ActionDialog
            key={open}
            partnerSlug={partnerSlug}
            claim={claim}
            action={open}
            onClose={() => setOpen(undefined)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
