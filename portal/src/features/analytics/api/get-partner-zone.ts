import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-paths';

type Partner = ApiData<'/api/partners/{partnerSlug}', 'get'>;

/**
 * GET /api/partners/{slug}, for its time zone: the analytics' days are the partner's, and so is the
 * "today" its presets end on. The partner screens' key: the partner layout's loader has it already.
 */
export function usePartnerTimeZone(partnerSlug: string): string | undefined {
  const partner = useQuery(
    queryOptions({
      queryKey: ['partners', partnerSlug],
      queryFn: async ({ signal }) => {
        const { data } = await apiClient.GET('/api/partners/{partnerSlug}', {
          params: { path: { partnerSlug } },
          signal,
        });
        return data as Partner;
      },
    }),
  );
  return partner.data?.timeZone;
}
