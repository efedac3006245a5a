import { Alert } from '@partner-portal/ui-kit';

import { useInfoRequest } from '../api/get-claim-events';
import type { Claim } from '../api/get-claim';

import styles from './claim-page.module.css';

export interface InfoRequestedAlertProps {
  partnerSlug: string;
  claim: Claim;
}

/**
 * While a claim waits for the partner's answer, the question itself (the latest request for
 * information's message), quoted with who asked, above what to do about it.
 */
export function InfoRequestedAlert({ partnerSlug, claim }: InfoRequestedAlertProps) {
  const waiting = claim.status === 'info_requested' && claim.allowedActions.includes('respond');
  const request = useInfoRequest(partnerSlug, claim.id, waiting);
  if (!waiting) return null;

  const asked = request.data ?? undefined;
  const question = asked?.body?.trim() ?? '';
  const who = asked?.actor?.name;
  return (
    <Alert
      tone="warning"
      title={
        who === undefined ? 'Staff asked for more information' : `${who} asked for more information`
      }
    >
      {question === '' ? (
        'Read their message in the timeline, add evidence if needed, then respond.'
      ) : (
        <>
          <blockquote className={styles.question}>{question}</blockquote>
          <span>Add evidence if needed, then respond.</span>
        </>
      )}
    </Alert>
  );
}
