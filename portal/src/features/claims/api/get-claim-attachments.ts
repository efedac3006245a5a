import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/partners/{slug}/claims/{id}/attachments: the evidence files, oldest first. */
export type ClaimAttachmentList = ApiData<
  '/api/partners/{partnerSlug}/claims/{id}/attachments',
  'get'
>;
export type ClaimAttachment = ClaimAttachmentList['items'][number];

export async function fetchClaimAttachments(
  partnerSlug: string,
  claimId: string,
  signal?: AbortSignal,
): Promise<ClaimAttachmentList> {
  const { data } = await apiClient.GET('/api/partners/{partnerSlug}/claims/{id}/attachments', {
    params: { path: { partnerSlug, id: claimId } },
    signal,
  });
  return data as ClaimAttachmentList;
}

export const claimAttachmentsQueryOptions = (partnerSlug: string, claimId: string) =>
  queryOptions({
    queryKey: queryKeys.claims.attachments(partnerSlug, claimId),
    queryFn: ({ signal }) => fetchClaimAttachments(partnerSlug, claimId, signal),
  });

export function useClaimAttachments(partnerSlug: string, claimId: string) {
  return useQuery(claimAttachmentsQueryOptions(partnerSlug, claimId));
}

const segment = encodeURIComponent;

/** The claim's evidence files: where they are listed and uploaded. */
export const claimAttachmentsUrl = (partnerSlug: string, claimId: string): string =>
  `/api/partners/${segment(partnerSlug)}/claims/${segment(claimId)}/attachments`;

/**
 * GET …/attachments/{attachmentId}: the file itself. A plain link: the cookie authenticates it and
 * the BFF answers `Content-Disposition: attachment`, so the browser saves it.
 */
export const claimAttachmentUrl = (
  partnerSlug: string,
  claimId: string,
  attachmentId: string,
): string => `${claimAttachmentsUrl(partnerSlug, claimId)}/${segment(attachmentId)}`;
