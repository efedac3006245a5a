import {
  Button,
  EmptyState,
  ErrorState,
  formatBytes,
  Link,
  Skeleton,
  Stack,
} from '@partner-portal/ui-kit';
import { lazy, Suspense } from 'react';

import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { describeApiError } from '@/lib/api-errors';
import { DISPLAY_LOCALE } from '@/lib/format';
import { PartnerDateTime } from '@/lib/partner-time';

import { useDeleteClaimAttachment } from '../api/delete-claim-attachment';
import type { Claim } from '../api/get-claim';
import { claimAttachmentUrl, useClaimAttachments } from '../api/get-claim-attachments';

import styles from './claim-page.module.css';
import { EvidenceChecklist } from './evidence-checklist';
import { MAX_EVIDENCE_FILES, requiredEvidence } from './evidence-rules';

// Only those who may add evidence load the dropzone.
const EvidenceUploader = lazy(async () => ({
  default: (await import('./evidence-uploader')).EvidenceUploader,
}));

export interface ClaimEvidenceProps {
  partnerSlug: string;
  claim: Claim;
}

/**
 * The claim's evidence files: each downloads as an attachment; while the claim takes evidence (a
 * draft, or info requested) the person who may add some gets a dropzone with each upload's
 * progress, and may remove files; on a draft the type's checklist says what is missing.
 */
export function ClaimEvidence({ partnerSlug, claim }: ClaimEvidenceProps) {
  const attachments = useClaimAttachments(partnerSlug, claim.id);
  const removal = useDeleteClaimAttachment(partnerSlug, claim.id);
  // Evidence is open to this person exactly when they may edit the draft or answer the request.
  const open = claim.allowedActions.includes('edit') || claim.allowedActions.includes('respond');
  const files = attachments.data?.items ?? [];
  const needed = requiredEvidence[claim.type];
  const hasEvidence =
    needed !== null && files.some(({ contentType }) => needed.accepts(contentType));

  const list = () => {
    if (attachments.isPending) return <Skeleton height="3rem" />;
    if (attachments.isError) {
      return (
        <ErrorState
          title="We couldn't load the evidence files"
          description={describeApiError(attachments.error)?.message}
          onRetry={() => void attachments.refetch()}
          retrying={attachments.isFetching}
        />
      );
    }
    if (files.length === 0) {
      return (
        <EmptyState
          headingLevel={3}
          title="No evidence files"
          description={
            open
              ? 'Add photos, invoices or packing lists: PDF, PNG, JPEG or WebP, up to 10 MB each.'
              : 'No files were added to this claim.'
          }
        />
      );
    }
    return (
      <ul className={styles.files} aria-label="Evidence files">
        {files.map((file) => (
          <li key={file.id} className={styles.file}>
            <Link
              href={claimAttachmentUrl(partnerSlug, claim.id, file.id)}
              download={file.filename}
            >
              <span className={styles.fileName}>{file.filename}</span>
            </Link>
            <span className={styles.muted}>
              {formatBytes(file.size, DISPLAY_LOCALE)} · {file.uploadedBy?.name ?? 'Someone'} ·{' '}
              <PartnerDateTime value={file.createdAt} format="datetime" />
            </span>
            {open ? (
              <Button
                variant="ghost"
                size="sm"
                loading={removal.isPending && removal.variables === file.id}
                onClick={() => removal.mutate(file.id)}
                aria-label={`Remove ${file.filename}`}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Stack gap={3}>
      {claim.status === 'draft' ? (
        <EvidenceChecklist type={claim.type} hasEvidence={hasEvidence} missing={claim.missing} />
      ) : null}
      {list()}
      <ApiProblemAlert error={removal.error} />
      {open ? (
        <Suspense fallback={null}>
          <EvidenceUploader
            partnerSlug={partnerSlug}
            claimId={claim.id}
            room={Math.max(0, MAX_EVIDENCE_FILES - files.length)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
