import { Alert } from '@partner-portal/ui-kit';

import type { ClaimType } from '../api/claims-shared';

import styles from './claim-page.module.css';
import { requiredEvidence } from './evidence-rules';

export interface EvidenceChecklistProps {
  type: ClaimType | '';
  /** Whether a file that counts as the type's evidence is there (chosen or uploaded). */
  hasEvidence: boolean;
  /**
   * What the API says blocks submission now (a draft's `missing`), when the claim exists; its
   * evidence entry (`attachments`) is the checklist's own first line.
   */
  missing?: ReadonlyArray<{ field: string; message: string }>;
}

/**
 * What a claim of this type needs before it can be submitted (docs/product.md §4), and what is
 * still missing: the type's evidence, and on a saved draft whatever else the API names.
 */
export function EvidenceChecklist({ type, hasEvidence, missing }: EvidenceChecklistProps) {
  if (type === '') return null;
  const needed = requiredEvidence[type];
  const others = (missing ?? []).filter(({ field }) => field !== 'attachments');
  const evidenceMissing = needed !== null && !hasEvidence;
  const complete = !evidenceMissing && others.length === 0;

  return (
    <Alert
      tone={complete ? 'success' : 'info'}
      title={complete ? 'Nothing missing to submit' : 'Before you submit'}
      className={styles.checklist}
    >
      <ul className={styles.checklistItems} aria-label="Evidence checklist">
        {needed === null ? (
          <li>
            No evidence needed beyond the {type === 'lost' ? 'loss movement' : 'description'}; you
            may add files.
          </li>
        ) : (
          <li data-done={!evidenceMissing}>
            {needed.label}: {evidenceMissing ? 'missing' : 'added'}
          </li>
        )}
        {others.map(({ field, message }) => (
          <li key={field} data-done={false}>
            {message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
