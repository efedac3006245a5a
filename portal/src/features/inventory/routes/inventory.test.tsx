import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { facets, stove, tent } from '../testing/inventory-fixtures';

const LIST = '/api/partners/acme-outdoor/inventory';

function inventoryApi(answer: (url: URL) => Response) {
  return mockApi({
    'GET /api/me': () => Response.json(viewerSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    'GET /api/partners/acme-outdoor/inventory/facets': () => Response.json(facets),
    [`GET ${LIST}`]: (request) => answer(new URL(request.url)),
  });
}

/** The query strings the list asked the API for, in order. */
const askedFor = (api: ReturnType<typeof mockApi>) =>
  api.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === LIST)
    .map((url) => url.search);

const table = () => screen.getByRole('table', { name: 'Inventory items' });
const exportLink = () => screen.getByRole('link', { name: 'Export CSV' });

describe('inventory list', () => {
  it('lists items with their stock state, quantities and value, linked to their page', async () => {
    inventoryApi(() => Response.json(listPage([tent, stove])));
    renderRoute('/acme-outdoor/inventory');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    const link = await screen.findByRole('link', { name: 'TENT-2P-GRN' });
    expect(link).toHaveAttribute('href', `/acme-outdoor/inventory/${tent.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Trailhead 2-person tent');
    expect(row).toHaveTextContent('Tents · Berlin North');
    expect(within(row).getByText('Low stock')).toBeVisible();
    expect(row).toHaveTextContent('€1,806.00');
    expect(within(table()).getByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages of items' })).toHaveTextContent('2 items');
    await waitFor(() => expect(document.title).toBe('Inventory · acme-outdoor · Partner Portal'));
  });

  it('shows an over-reserved item as it is: a negative available, said, and out of stock', async () => {
    const overReserved = {
      ...stove,
      onHand: 2,
      reserved: 6,
      available: -4,
      stockState: 'out' as const,
    };
    inventoryApi(() => Response.json(listPage([overReserved])));
    renderRoute('/acme-outdoor/inventory');

    const link = await screen.findByRole('link', { name: stove.sku });
    const row = link.closest('tr') as HTMLElement;
    const available = within(row).getAllByRole('cell')[3] as HTMLElement;
    expect(available).toHaveAccessibleName('−4 (over-reserved)');
    expect(within(row).getByText('Out of stock')).toBeVisible();
  });

  it('offers the facets with their counts as filters', async () => {
    inventoryApi(() => Response.json(listPage([tent])));
    renderRoute('/acme-outdoor/inventory');

    const category = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() =>
      expect(within(category).getByRole('option', { name: 'Tents (42)' })).toBeInTheDocument(),
    );
    const warehouse = screen.getByRole('combobox', { name: 'Warehouse' });
    expect(within(warehouse).getByRole('option', { name: 'Rotterdam (13)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Stock state' })).getAllByRole('option'),
    ).toHaveLength(4);
  });

  it('keeps search, filters, sort and page in the URL, asks the API for them, and exports the same', async () => {
    const api = inventoryApi((url) =>
      url.searchParams.get('cursor') === 'c2'
        ? Response.json(listPage([stove], { prevCursor: 'c1', total: 2 }))
        : Response.json(listPage([tent], { nextCursor: 'c2', total: 2 })),
    );
    const { router } = renderRoute('/acme-outdoor/inventory');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'TENT-2P-GRN' });
    await screen.findByRole('option', { name: 'Tents (42)' });
    expect(askedFor(api)).toEqual(['?sort=sku']);
    expect(exportLink()).toHaveAttribute(
      'href',
      '/api/partners/acme-outdoor/inventory.csv?sort=sku',
    );
    expect(exportLink()).toHaveAttribute('download');

    // Each step waits for the screen to ask for its state and to show it (its export link), as a
    // person sees the list change: the route's loader asks before the screen renders the new state.
    const step = async (search: string, asked = search) => {
      await waitFor(() => expect(router.state.location.search).toBe(search));
      await waitFor(() => expect(askedFor(api).at(-1)).toBe(asked));
      await waitFor(() =>
        expect(exportLink()).toHaveAttribute(
          'href',
          `/api/partners/acme-outdoor/inventory.csv${asked}`,
        ),
      );
    };
    // The word typed without a pause: keystrokes that do not yield to timers, so that a loaded
    // machine (a CI run: 'te' sent on its own) cannot stretch the gap past the debounce.
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'tent');
    await step('?q=tent', '?q=tent&sort=sku');
    // Typing is sent once it pauses: one request for the whole word, the history entry replaced.
    expect(askedFor(api)).toEqual(['?sort=sku', '?q=tent&sort=sku']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock state' }), 'low');
    await step('?q=tent&stock=low', '?q=tent&stock=low&sort=sku');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Tents');
    await step('?q=tent&stock=low&category=Tents', '?q=tent&stock=low&category=Tents&sort=sku');
    await user.click(screen.getByRole('button', { name: /Value/ }));
    await step('?q=tent&stock=low&category=Tents&sort=value');
    await user.click(screen.getByRole('button', { name: /Value/ }));
    await step('?q=tent&stock=low&category=Tents&sort=-value');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'STOVE-1B' })).toBeVisible();
    expect(router.state.location.search).toBe(
      '?q=tent&stock=low&category=Tents&sort=-value&cursor=c2',
    );
    expect(askedFor(api).at(-1)).toBe('?q=tent&stock=low&category=Tents&sort=-value&cursor=c2');
    // The export is the whole filtered set in the same order: no cursor.
    expect(exportLink()).toHaveAttribute(
      'href',
      '/api/partners/acme-outdoor/inventory.csv?q=tent&stock=low&category=Tents&sort=-value',
    );

    // Back walks the pages, then the filters.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'TENT-2P-GRN' })).toBeVisible();
    expect(router.state.location.search).toBe('?q=tent&stock=low&category=Tents&sort=-value');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=tent&stock=low&category=Tents');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=tent');
  });

  it('restores the whole view from the URL (a link or a reload)', async () => {
    const api = inventoryApi(() => Response.json(listPage([stove], { prevCursor: 'c1' })));
    renderRoute(
      '/acme-outdoor/inventory?q=stove&status=active&stock=out&warehouse=Rotterdam&sort=-updatedAt&cursor=c2',
    );

    expect(await screen.findByRole('link', { name: 'STOVE-1B' })).toBeVisible();
    expect(askedFor(api)).toEqual([
      '?q=stove&status=active&stock=out&warehouse=Rotterdam&sort=-updatedAt&cursor=c2',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search inventory' })).toHaveValue('stove');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('combobox', { name: 'Stock state' })).toHaveValue('out');
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('Rotterdam');
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('ignores a sort or a state the list does not know, and keeps an unknown category selectable', async () => {
    const api = inventoryApi(() => Response.json(listPage([tent])));
    renderRoute('/acme-outdoor/inventory?sort=-password&stock=plenty&category=Kayaks');

    await screen.findByRole('link', { name: 'TENT-2P-GRN' });
    expect(askedFor(api)).toEqual(['?category=Kayaks&sort=sku']);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Kayaks');
  });

  it('tells an empty inventory from a search that found nothing, and clears the filters', async () => {
    inventoryApi((url) => Response.json(listPage(url.searchParams.has('q') ? [] : [tent])));
    const { router } = renderRoute('/acme-outdoor/inventory?q=nothing-like-this&sort=name');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'No items match these filters' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'TENT-2P-GRN' })).toBeVisible();
    expect(router.state.location.search).toBe('?sort=name');
  });

  it('says when the partner has no items yet', async () => {
    inventoryApi(() => Response.json(listPage([])));
    renderRoute('/acme-outdoor/inventory');

    expect(await screen.findByRole('heading', { name: 'No inventory yet' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    inventoryApi(() =>
      fail ? problem(500, 'internal') : Response.json(listPage([tent], { totalExact: false })),
    );
    renderRoute('/acme-outdoor/inventory');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the items" }, { timeout: 5000 }),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'TENT-2P-GRN' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages of items' })).toHaveTextContent(
      'About 1 item',
    );
  });

  it('opens an item from its row', async () => {
    inventoryApi(() => Response.json(listPage([tent])));
    const { router } = renderRoute('/acme-outdoor/inventory');
    const user = userEvent.setup();

    const row = (await screen.findByRole('link', { name: 'TENT-2P-GRN' })).closest('tr');
    await user.click(within(row as HTMLElement).getByText('Low stock'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/acme-outdoor/inventory/${tent.id}`),
    );
  });
});
