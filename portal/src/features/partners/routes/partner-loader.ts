import type { QueryClient } from '@tanstack/react-query';
import { data, isRouteErrorResponse, type LoaderFunctionArgs } from 'react-router-dom';

import { ApiError } from '@/lib/api-client';
import { requireSession } from '@/lib/auth';

import { partnerQueryOptions } from '@/lib/partner';
import { isPartnerSlug } from '../partner-slug';

// The partner route's loader, apart from its screens: the router holds it in the main chunk, so the
// session and the partner are asked for while the screens' chunks load, not after.

/** What the loader throws for a partner the API does not show this person. */
const PARTNER_NOT_FOUND = 'partner_not_found';

/** Whether a route error is a partner the person cannot see (as opposed to any other 404). */
export const isPartnerNotFound = (error: unknown): boolean =>
  isRouteErrorResponse(error) && error.status === 404 && error.data === PARTNER_NOT_FOUND;

/**
 * Every partner screen: a path that cannot be a slug is not found before any request; then the
 * session (or sign-in), then the partner (or the partner-not-found screen).
 */
export const createPartnerLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    if (!isPartnerSlug(partnerSlug)) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    await requireSession(queryClient, request);
    try {
      await queryClient.ensureQueryData(partnerQueryOptions(partnerSlug));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw data(PARTNER_NOT_FOUND, { status: 404, statusText: 'Not Found' });
      }
      throw error;
    }
    return null;
  };
