import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router-dom';

import { partnerRole, requireSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { apiKeysQueryOptions } from '../api/api-keys';
import { ApiKeysScreen } from '../components/api-keys-screen';

/**
 * Admins only: anyone else gets the partner's not-found screen, as for a page it does not have
 * (the API answers them 403/404 anyway). The keys' request starts here, beside the partner's.
 */
export const createApiKeysLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const partnerSlug = params.partnerSlug ?? '';
    const session = await requireSession(queryClient, request);
    if (partnerRole(session, partnerSlug) !== 'admin') {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    void queryClient.prefetchQuery(apiKeysQueryOptions(partnerSlug));
    return null;
  };

/** The partner's API keys (docs/product.md §3b): for its own systems, scoped, expiring. */
export function ApiKeysRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('API keys', partnerSlug);
  return (
    <ApiKeysScreen
      owner={partnerSlug}
      scopes={['inventory:read', 'claims:read', 'claims:write']}
      description="Keys let your own systems read your inventory and claims, and file claims, without anyone's password. Each key has scopes and expires."
    />
  );
}

/** The network's API keys (staff): for internal services that record movements. */
export function StaffApiKeysRoute() {
  useDocumentTitle('API keys');
  return (
    <ApiKeysScreen
      owner={null}
      scopes={['movements:write', 'claims:read']}
      description="Network keys let internal services record movements and read claims of every partner, without a staff member's password."
    />
  );
}
