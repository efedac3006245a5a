import { FileDropzone, type FileDropzoneItem } from '@partner-portal/ui-kit';
import { useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-errors';

import { useUploadClaimAttachment } from '../api/upload-claim-attachment';

import { EVIDENCE_ACCEPT, MAX_EVIDENCE_BYTES } from './evidence-rules';

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

export interface EvidenceUploaderProps {
  partnerSlug: string;
  claimId: string;
  /** How many more files the claim takes. */
  room: number;
}

/**
 * The dropzone of a claim that takes evidence: each chosen file goes up at once, with its progress;
 * a refused one stays in the list with the API's reason until removed.
 */
export function EvidenceUploader({ partnerSlug, claimId, room }: EvidenceUploaderProps) {
  const upload = useUploadClaimAttachment(partnerSlug, claimId);
  const [uploads, setUploads] = useState<Upload[]>([]);

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

  return (
    <FileDropzone
      label="Add evidence"
      hint="PDF, PNG, JPEG or WebP, up to 10 MB each, at most 10 per claim."
      accept={EVIDENCE_ACCEPT}
      multiple
      maxSize={MAX_EVIDENCE_BYTES}
      maxFiles={room}
      files={uploads}
      onFilesAccepted={(accepted) => {
        for (const file of accepted) void send(file);
      }}
      onRemove={(id) => setUploads((current) => current.filter((entry) => entry.id !== id))}
      disabled={room === 0}
    />
  );
}
