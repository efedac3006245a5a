import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

import { useCreateClaim } from '@/features/claims/api/create-claim';
import { useItem } from '@/features/claims/api/get-item';
import { draftClaim } from '@/features/claims/testing/claim-fixtures';
import { useInventoryItem } from '@/features/inventory/api/get-inventory-item';
import { useItemClaims } from '@/features/inventory/api/get-item-claims';
import { damageClaim, tent } from '@/features/inventory/testing/inventory-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { listPage } from '@/testing/list-page';
import { mockApi } from '@/testing/mock-api';

import { createQueryClient } from './providers';

/**
 * The queries two features share (lib/query-keys.ts, lib/item-query.ts): the item, read by the
 * item page (inventory) and the claim form (claims), and the item's claims, a claim list the item
 * page (inventory) reads and the claims' changes refresh. Each is one cache entry, whichever
 * feature reads or refreshes it.
 */

const SLUG = 'acme-outdoor';
const ITEM = `/api/partners/${SLUG}/inventory/${tent.id}`;
const CLAIMS = `/api/partners/${SLUG}/claims`;

function wrapperOf(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}

const count = (calls: string[], route: string) => calls.filter((call) => call === route).length;

describe('queries shared by the inventory and the claims', () => {
  afterEach(() => jest.restoreAllMocks());

  it("the claim form's item is the item page's: read once, one cache entry", async () => {
    const api = mockApi({ [`GET ${ITEM}`]: () => Response.json(tent) });
    const queryClient = createQueryClient();
    const wrapper = wrapperOf(queryClient);

    const page = renderHook(() => useInventoryItem(SLUG, tent.id), { wrapper });
    await waitFor(() => expect(page.result.current.isSuccess).toBe(true));

    const form = renderHook(() => useItem(SLUG, tent.id), { wrapper });
    expect(form.result.current.data).toEqual(tent);
    expect(count(api.calls, `GET ${ITEM}`)).toBe(1);
    expect(
      queryClient.getQueryCache().findAll({ queryKey: queryKeys.inventory.all(SLUG) }),
    ).toHaveLength(1);

    // Invalidated as a claim filed on the item invalidates it: both screens' item is read again, once.
    await act(() =>
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.item(SLUG, tent.id) }),
    );
    expect(count(api.calls, `GET ${ITEM}`)).toBe(2);
  });

  it("a claim filed from the claim form refreshes the item page's claims and item", async () => {
    const filed = { ...draftClaim, item: { id: tent.id, sku: tent.sku, name: tent.name } };
    const api = mockApi({
      [`GET ${ITEM}`]: () => Response.json(tent),
      [`GET ${CLAIMS}`]: () => Response.json(listPage([damageClaim])),
      [`POST ${CLAIMS}`]: () => Response.json(filed, { status: 201 }),
    });
    const queryClient = createQueryClient();
    const wrapper = wrapperOf(queryClient);

    // The item page: its item and its claims (inventory's queries).
    const item = renderHook(() => useInventoryItem(SLUG, tent.id), { wrapper });
    const claims = renderHook(() => useItemClaims(SLUG, tent.id, undefined), { wrapper });
    await waitFor(() => expect(claims.result.current.isSuccess).toBe(true));
    await waitFor(() => expect(item.result.current.isSuccess).toBe(true));
    expect(count(api.calls, `GET ${CLAIMS}`)).toBe(1);
    expect(count(api.calls, `GET ${ITEM}`)).toBe(1);
    const itemClaimsRequest = api.requests.find((request) => request.url.includes('itemId='));
    expect(new URL(itemClaimsRequest?.url ?? 'http://x/').searchParams.get('itemId')).toBe(tent.id);

    // The claim form (claims' mutation) files a claim on the item.
    const create = renderHook(() => useCreateClaim(SLUG), { wrapper });
    await act(() =>
      create.result.current.mutateAsync({
        body: { type: 'damaged', itemId: tent.id, quantity: 1 } as never,
        idempotencyKey: 'a0000000-0000-4000-8000-000000000001',
      }),
    );

    await waitFor(() => expect(count(api.calls, `GET ${CLAIMS}`)).toBe(2));
    await waitFor(() => expect(count(api.calls, `GET ${ITEM}`)).toBe(2));
  });
});
