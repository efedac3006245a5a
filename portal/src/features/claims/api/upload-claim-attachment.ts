import { useMutation, useQueryClient } from '@tanstack/react-query';

import { uploadWithProgress } from '@/lib/api-upload';
import { queryKeys } from '@/lib/query-keys';

import { claimAttachmentsUrl, type ClaimAttachment } from './get-claim-attachments';

/**
 * POST /api/partners/{slug}/claims/{id}/attachments, `multipart/form-data` with the file in `file`
 * (manager, admin; one file per request), with its progress.
 */
export function uploadClaimAttachment(
  partnerSlug: string,
  claimId: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ClaimAttachment> {
  return uploadWithProgress<ClaimAttachment>({
    url: claimAttachmentsUrl(partnerSlug, claimId),
    field: 'file',
    file,
    onProgress,
  });
}

/** Uploads one file; the list, the claim's `missing` and the timeline follow. */
export function useUploadClaimAttachment(partnerSlug: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadClaimAttachment(partnerSlug, claimId, file, onProgress),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.claims.attachments(partnerSlug, claimId),
        }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.claims.claim(partnerSlug, claimId),
          exact: true,
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.claims.events(partnerSlug, claimId) }),
      ]),
  });
}
