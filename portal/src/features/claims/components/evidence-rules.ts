import type { ClaimType } from '../api/claims-shared';

/** The evidence files the API takes (docs/api.md, Evidence): the form refuses others up front. */
export const EVIDENCE_ACCEPT =
  'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
export const MAX_EVIDENCE_FILES = 10;

/**
 * The evidence each type needs before submit (docs/product.md §4): what the form's checklist names
 * and which files count. The API has the final word (a draft's `missing`).
 */
export const requiredEvidence: Record<
  ClaimType,
  { label: string; accepts: (contentType: string) => boolean } | null
> = {
  lost: null,
  damaged: {
    label: 'A photo of the damage',
    accepts: (contentType) => contentType.startsWith('image/'),
  },
  shortage: {
    label: 'The supplier’s invoice or packing list (PDF or a photo of it)',
    accepts: (contentType) => contentType === 'application/pdf' || contentType.startsWith('image/'),
  },
  other: null,
};
