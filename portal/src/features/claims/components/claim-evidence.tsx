import {
  Button,
  DateTime,
  EmptyState,
  ErrorState,
  FileDropzone,
  formatBytes,
  Link,
  Skeleton,
  Stack,
  type FileDropzoneItem,
} from '@partner-portal/ui-kit';
import { useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { describeApiError } from '@/lib/api-errors';
import { DISPLAY_LOCALE } from '@/lib/format';

import { useDeleteClaimAttachment } from '../api/delete-claim-attachment';
import type { Claim } from '../api/get-claim';
import { claimAttachmentUrl, useClaimAttachments } from '../api/get-claim-attachments';
import { useUploadClaimAttachment } from '../api/upload-claim-attachment';

import styles from './claim-page.module.css';
import { EvidenceChecklist } from './evidence-checklist';
import { EVIDENCE_ACCEPT, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES } from './evidence-rules';
import { requiredEvidence } from './labels';

/** An upload on its way, or one that failed (kept in the list with its reason until removed). */
interface Upload {
  id: string;
  name: string;
  size: number;
  status: FileDropzoneItem['status'];
  progress: number;
  error?: string;
}

const uploadProblem = (error: unknown): string => {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'file_too_large':
        return 'Larger than 10 MB.';
      case 'unsupported_media_type':
        return 'Not a PDF, PNG, JPEG or WebP file.';
      case 'too_many_attachments':
        return 'A claim holds at most 10 files.';
      case 'evidence_closed':
        return 'Evidence can no longer be added to this claim.';
      default:
        return error.errors[0]?.message ?? error.detail ?? error.title;
    }
  }
  return describeApiError(error)?.message ?? 'Upload failed.';
};

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
  const upload = useUploadClaimAttachment(partnerSlug, claim.id);
  const removal = useDeleteClaimAttachment(partnerSlug, claim.id);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // Evidence is open to this person exactly when they may edit the draft or answer the request.
  const open = claim.allowedActions.includes('edit') || claim.allowedActions.includes('respond');
  const files = attachments.data?.items ?? [];
  const needed = requiredEvidence[claim.type];
  const hasEvidence =
    needed !== null && files.some(({ contentType }) => needed.accepts(contentType));

  const send = async (file: File) => {
    const id = crypto.randomUUID();
    const update = (patch: Partial<Upload>) =>
      setUploads((current) =>
        current.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)),
      );
    setUploads((current) => [
      ...current,
      { id, name: file.name, size: file.size, status: 'uploading', progress: 0 },
    ]);
    try {
      await upload.mutateAsync({ file, onProgress: (progress) => update({ progress }) });
      setUploads((current) => current.filter((entry) => entry.id !== id));
    } catch (error) {
      update({ status: 'error', error: uploadProblem(error) });
    }
  };

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
              <DateTime value={file.createdAt} format="datetime" locale={DISPLAY_LOCALE} />
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
        <FileDropzone
          label="Add evidence"
          hint="PDF, PNG, JPEG or WebP, up to 10 MB each, at most 10 per claim."
          accept={EVIDENCE_ACCEPT}
          multiple
          maxSize={MAX_EVIDENCE_BYTES}
          maxFiles={Math.max(0, MAX_EVIDENCE_FILES - files.length)}
          files={uploads}
          onFilesAccepted={(accepted) => {
            for (const file of accepted) void send(file);
          }}
          onRemove={(id) => setUploads((current) => current.filter((entry) => entry.id !== id))}
          disabled={files.length >= MAX_EVIDENCE_FILES}
        />
      ) : null}
    </Stack>
  );
}
