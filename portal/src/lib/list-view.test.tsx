import {
  QueryClient,
  QueryClientProvider,
  useQuery,
  keepPreviousData,
} from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { listPage } from '@/testing/list-page';

import { ApiError } from './api-client';
import { useListState, type ListPage, type ListQuery } from './list-state';
import { formatListTotal, ListView } from './list-view';

interface Thing {
  id: string;
  name: string;
  status: string;
}

type ThingQuery = ListQuery<'name', 'status'>;
type Answer = (query: ThingQuery) => ListPage<Thing> | Promise<ListPage<Thing>>;

const page = listPage<Thing>;

const tent = { id: 't1', name: 'Tent', status: 'active' };
const stove = { id: 't2', name: 'Stove', status: 'active' };

/** A list screen built on ListView, answered by `answer` instead of the network. */
function renderList(url: string, answer: Answer) {
  const asked: ThingQuery[] = [];
  function Things() {
    const list = useListState({
      sortFields: ['name'] as const,
      defaultSort: { field: 'name', direction: 'asc' },
      filters: { status: ['active', 'retired'] },
      search: true,
      searchDebounceMs: 10,
    });
    const query = useQuery({
      queryKey: ['things', list.query],
      queryFn: async () => {
        asked.push(list.query);
        return answer(list.query);
      },
      placeholderData: keepPreviousData,
      retry: false,
    });
    return (
      <ListView
        caption="Things"
        noun={{ one: 'thing', other: 'things' }}
        state={list}
        query={query}
        columns={[
          { id: 'name', header: 'Name', cell: (thing) => thing.name, sortable: true },
          { id: 'status', header: 'Status', cell: (thing) => thing.status },
        ]}
        getRowId={(thing) => thing.id}
        empty={{ title: 'No things yet', description: 'Things you add appear here.' }}
        searchLabel="Search things"
        filters={
          <button type="button" onClick={() => list.setFilter('status', 'retired')}>
            Only retired
          </button>
        }
      />
    );
  }
  const router = createMemoryRouter([{ path: '/things', Component: Things }], {
    initialEntries: [url],
  });
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, asked, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Things' });
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cell = within(row).getAllByRole('cell')[0]?.cloneNode(true) as HTMLElement | undefined;
      // A cell's label for the stacked rows of a phone is hidden from assistive technology: not its text.
      cell?.querySelectorAll('[aria-hidden="true"]').forEach((label) => label.remove());
      return cell?.textContent;
    });

describe('ListView', () => {
  it('shows skeleton rows while the first page loads, then the rows and the total', async () => {
    let release: (value: ListPage<Thing>) => void = () => undefined;
    renderList('/things', () => new Promise((resolve) => (release = resolve)));

    const body = within(table()).getAllByRole('rowgroup')[1];
    expect(body).toHaveAttribute('aria-busy', 'true');

    release(page([tent, stove]));
    expect(await screen.findByRole('cell', { name: 'Tent' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Tent', 'Stove']);
    expect(screen.getByRole('navigation', { name: 'Pages of things' })).toHaveTextContent(
      '2 things',
    );
  });

  it('sorts by a header into the URL and asks the server for that sort', async () => {
    const { router, asked, user } = renderList('/things', () => page([tent, stove]));
    await screen.findByRole('cell', { name: 'Tent' });

    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: /Name/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?sort=-name'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ sort: '-name' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages with the cursors of the answer, and back returns to the first page', async () => {
    const { router, asked, user } = renderList('/things', (query) =>
      query.cursor === 'next-1'
        ? page([stove], { prevCursor: 'prev-2', total: 2 })
        : page([tent], { nextCursor: 'next-1', total: 2 }),
    );
    await screen.findByRole('cell', { name: 'Tent' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Stove' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?cursor=next-1');
    expect(asked.at(-1)).toEqual({ sort: 'name', cursor: 'next-1' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('cell', { name: 'Tent' })).toBeInTheDocument();
  });

  it('says when the list is empty, without offering to clear anything', async () => {
    renderList('/things', () => page([]));
    expect(await screen.findByRole('heading', { name: 'No things yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { router, user } = renderList('/things', (query) =>
      query.status === 'retired' || query.q !== undefined ? page([]) : page([tent]),
    );
    await screen.findByRole('cell', { name: 'Tent' });

    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'zzz');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    await user.click(screen.getByRole('button', { name: 'Only retired' }));

    expect(
      await screen.findByRole('heading', { name: 'No things match these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('cell', { name: 'Tent' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('');
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = renderList('/things', () => {
      if (fail) throw new ApiError({ status: 503, code: 'unavailable', title: 'Unavailable' });
      return page([tent]);
    });

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the things" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong on our side. Try again in a moment.'),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Tent' })).toBeInTheDocument();
  });

  it('offers the first page when the server refuses a cursor', async () => {
    const { router, user } = renderList('/things?cursor=tampered', (query) => {
      if (query.cursor !== undefined) {
        throw new ApiError({ status: 400, code: 'validation', title: 'Bad Request' });
      }
      return page([tent]);
    });

    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('cell', { name: 'Tent' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('formatListTotal', () => {
  it('counts exactly, or says about when the total is an estimate', () => {
    const noun = { one: 'item', other: 'items' };
    expect(formatListTotal({ total: 1, totalExact: true }, noun)).toBe('1 item');
    expect(formatListTotal({ total: 1204, totalExact: false }, noun)).toBe('About 1,204 items');
  });
});
