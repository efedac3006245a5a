import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import {
  formatSort,
  parseSort,
  readListParams,
  useListState,
  useSearchParamsChange,
} from './list-state';

const sortFields = ['name', 'createdAt'] as const;
const defaultSort = { field: 'name', direction: 'asc' } as const;

/** A list screen reduced to its state: what the hook reads, and buttons for what it writes. */
function Harness() {
  const list = useListState({
    sortFields,
    defaultSort,
    filters: { status: ['active', 'disabled'], warehouse: 'any' },
    search: true,
    searchDebounceMs: 200,
  });
  return (
    <>
      <output aria-label="query">{JSON.stringify(list.query)}</output>
      <output aria-label="active filters">{list.activeFilterCount}</output>
      <input
        aria-label="Search"
        value={list.searchDraft}
        onChange={(event) => list.setSearchDraft(event.target.value)}
      />
      <button onClick={() => list.setSort({ field: 'createdAt', direction: 'desc' })}>
        Newest first
      </button>
      <button onClick={() => list.setSort(defaultSort)}>By name</button>
      <button onClick={() => list.setFilter('status', 'active')}>Only active</button>
      <button onClick={() => list.setFilters({ status: 'disabled', warehouse: 'Berlin' })}>
        Two at once
      </button>
      <button onClick={() => list.setFilters({ status: undefined, warehouse: '' })}>
        Clear both
      </button>
      <button onClick={() => list.goToCursor('c2')}>Next page</button>
      <button onClick={() => list.clearFilters()}>Clear filters</button>
      <button
        onClick={() => {
          list.commitSearch('te');
          list.setSearchDraft('ten');
        }}
      >
        Send and type on
      </button>
    </>
  );
}

function renderList(url: string) {
  const router = createMemoryRouter([{ path: '/things', Component: Harness }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const query = () => JSON.parse(screen.getByLabelText('query').textContent ?? '{}') as unknown;
  return { router, query, user: userEvent.setup() };
}

describe('parseSort / formatSort', () => {
  it('reads a field and a direction, and falls back on anything the list does not sort by', () => {
    expect(parseSort('-createdAt', sortFields, defaultSort)).toEqual({
      field: 'createdAt',
      direction: 'desc',
    });
    expect(parseSort('name', sortFields, defaultSort)).toEqual(defaultSort);
    expect(parseSort('-password', sortFields, defaultSort)).toBe(defaultSort);
    expect(parseSort(null, sortFields, defaultSort)).toBe(defaultSort);
    expect(formatSort({ field: 'createdAt', direction: 'desc' })).toBe('-createdAt');
  });
});

describe('readListParams', () => {
  const options = {
    sortFields,
    defaultSort,
    filters: { status: ['active', 'disabled'], warehouse: 'any' },
    search: true,
  } as const;

  it('reads the same query from the URL as the screen, for a loader to ask for it first', () => {
    const params = new URLSearchParams(
      'sort=-createdAt&status=active&warehouse=&cursor=c1&q=%20tent%20',
    );
    expect(readListParams(params, options)).toEqual({
      sort: { field: 'createdAt', direction: 'desc' },
      cursor: 'c1',
      search: 'tent',
      filters: { status: 'active' },
      query: { status: 'active', sort: '-createdAt', cursor: 'c1', q: 'tent' },
    });
    expect(readListParams(new URLSearchParams(), options).query).toEqual({ sort: 'name' });
    // A list without a search box ignores ?q=.
    expect(
      readListParams(new URLSearchParams('q=tent'), { ...options, search: false }).query,
    ).toEqual({ sort: 'name' });
  });
});

describe('useListState', () => {
  it('reads the URL with defaults, and ignores values the list does not allow', () => {
    const { query } = renderList('/things?sort=-nope&status=everything&cursor=c1&q=%20tent%20');
    expect(query()).toEqual({ sort: 'name', cursor: 'c1', q: 'tent' });
    expect(screen.getByLabelText('active filters')).toHaveTextContent('1');
  });

  it("takes any non-empty value of an 'any' filter, and leaves an empty one out", () => {
    const { query } = renderList('/things?warehouse=Berlin%20North&status=');
    expect(query()).toEqual({ sort: 'name', warehouse: 'Berlin North' });
    expect(screen.getByLabelText('active filters')).toHaveTextContent('1');
    cleanup();
    const { query: emptyQuery } = renderList('/things?warehouse=');
    expect(emptyQuery()).toEqual({ sort: 'name' });
  });

  it('sorts from the first page, as a new history entry, and leaves the default sort out', async () => {
    const { router, query, user } = renderList('/things?cursor=c3&status=active');

    await user.click(screen.getByRole('button', { name: 'Newest first' }));
    expect(router.state.location.search).toBe('?status=active&sort=-createdAt');
    expect(router.state.historyAction).toBe('PUSH');
    expect(query()).toEqual({ status: 'active', sort: '-createdAt' });

    await user.click(screen.getByRole('button', { name: 'By name' }));
    expect(router.state.location.search).toBe('?status=active');
  });

  it('filters from the first page, as a new history entry', async () => {
    const { router, user } = renderList('/things?cursor=c3');
    await user.click(screen.getByRole('button', { name: 'Only active' }));
    expect(router.state.location.search).toBe('?status=active');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('sets several filters in one history entry, and clears them alike', async () => {
    const { router, query, user } = renderList('/things?cursor=c3&q=tent');
    await user.click(screen.getByRole('button', { name: 'Two at once' }));
    expect(query()).toEqual({ sort: 'name', q: 'tent', status: 'disabled', warehouse: 'Berlin' });
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('button', { name: 'Clear both' }));
    expect(router.state.location.search).toBe('?q=tent');
  });

  it('walks pages as history entries: back returns to the page before', async () => {
    const { router, query, user } = renderList('/things?sort=-createdAt');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query()).toEqual({ sort: '-createdAt', cursor: 'c2' });
    expect(router.state.historyAction).toBe('PUSH');

    await act(() => router.navigate(-1));
    expect(query()).toEqual({ sort: '-createdAt' });
  });

  it('sends the search once typing pauses, replacing the history entry, from the first page', async () => {
    const { router, query, user } = renderList('/things?cursor=c3');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'tent');
    // Typed, not yet sent: the box runs ahead of the URL.
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('tent');
    expect(router.state.location.search).toBe('?cursor=c3');

    await waitFor(() => expect(query()).toEqual({ sort: 'name', q: 'tent' }));
    expect(router.state.location.search).toBe('?q=tent');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a filter chosen while typing paused when the search is sent', async () => {
    const { router, query, user } = renderList('/things');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'tent');
    // Chosen before the search goes to the URL: the search, sent later, keeps it.
    await user.click(screen.getByRole('button', { name: 'Only active' }));
    expect(router.state.location.search).toBe('?status=active');

    await waitFor(() => expect(query()).toEqual({ sort: 'name', status: 'active', q: 'tent' }));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('active');
  });

  it('keeps what was typed after a search was sent when the URL catches up with it', async () => {
    const { router, query, user } = renderList('/things');

    await user.click(screen.getByRole('button', { name: 'Send and type on' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=te'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ten');
    await waitFor(() => expect(query()).toEqual({ sort: 'name', q: 'ten' }));

    // The URL moving on its own (back) still sets the box.
    await act(() => router.navigate('/things?q=stove'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('stove');
  });

  it('clears the filters and the search but keeps the sort, and the search box follows', async () => {
    const { router, user } = renderList('/things?q=tent&status=active&sort=-createdAt&cursor=c2');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('tent');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=-createdAt');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByLabelText('active filters')).toHaveTextContent('0');
  });
});

/** Two controls changed in one go, before the first change renders: a quick second click. */
function ChangesHarness() {
  const [params, change] = useSearchParamsChange();
  return (
    <>
      <output aria-label="params">{params.toString()}</output>
      <button
        onClick={() => {
          change((next) => next.set('from', '2026-01-01'));
          change((next) => next.set('granularity', 'month'));
        }}
      >
        Period, then granularity
      </button>
      <button onClick={() => change((next) => next.delete('from'))}>No period</button>
    </>
  );
}

function renderHarness(url: string) {
  const router = createMemoryRouter([{ path: '/charts', Component: ChangesHarness }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useSearchParamsChange', () => {
  it('makes a second change onto the first one, not onto the params last rendered', async () => {
    const { router, user } = renderHarness('/charts?to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Period, then granularity' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      to: '2026-06-30',
      from: '2026-01-01',
      granularity: 'month',
    });
    expect(screen.getByLabelText('params')).toHaveTextContent(
      'to=2026-06-30&from=2026-01-01&granularity=month',
    );
  });

  it('starts from the URL as rendered again once it moves on its own (back)', async () => {
    const { router, user } = renderHarness('/charts?to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Period, then granularity' }));
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('params')).toHaveTextContent(/^to=2026-06-30&from=2026-01-01$/);
    await user.click(screen.getByRole('button', { name: 'No period' }));
    expect(router.state.location.search).toBe('?to=2026-06-30');
  });
});
