import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router-dom';

import { paths } from '@/config/paths';

import { ApiError } from '../api-client';
import { meQueryOptions, type Session } from './me';

/** `/signin?next=<where the person was going>`; no `next` for "/", which is where sign-in leads anyway. */
export function signInPathFor(url: URL): string {
  const here = `${url.pathname}${url.search}`;
  return paths.signIn(here === paths.home() ? undefined : here);
}

/**
 * For the loaders of signed-in routes: the session (from the cache, or GET /api/me), or a redirect
 * to sign in that comes back here afterwards.
 */
export async function requireSession(queryClient: QueryClient, request: Request): Promise<Session> {
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(signInPathFor(new URL(request.url)));
    }
    throw error;
  }
}
