import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { requireSession } from '@/lib/auth';

// The staff route's loader, apart from its screens: the router holds it in the main chunk, so the
// session is asked for while the screens' chunks load.

/**
 * Every staff screen: the session (or sign-in); a person who is not staff finds no such page (the
 * 404 screen), as the BFF answers them 403 on every /api/staff call.
 */
export const createStaffLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const session = await requireSession(queryClient, request);
    if (!session.user.isStaff) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
