import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, multiSession, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { draftClaim, facets, paidInPart, recentDay } from '../testing/claim-fixtures';

const LIST = '/api/partners/acme-outdoor/claims';

/** multi@example.com is a manager of acme-outdoor (docs/product.md §6). */
const managerSession = multiSession;

function claimsApi(
  session: Session,
  answer: (url: URL) => Response,
  handlers: Record<string, ApiHandler> = {},
) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${LIST}/facets`]: () => Response.json(facets),
    [`GET ${LIST}`]: (request) => answer(new URL(request.url)),
    ...handlers,
  });
}

/** The query strings the list asked the API for, in order. */
const askedFor = (api: ReturnType<typeof mockApi>) =>
  api.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === LIST)
    .map((url) => url.search);

const table = () => screen.getByRole('table', { name: 'Claims' });
const exportLink = () => screen.getByRole('link', { name: 'Export CSV' });

describe('claims list', () => {
  it('lists claims with their item, status and amount, linked to their page', async () => {
    claimsApi(viewerSession, () => Response.json(listPage([draftClaim, paidInPart])));
    renderRoute('/acme-outdoor/claims');

    expect(await screen.findByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    const link = await screen.findByRole('link', { name: 'CLM-000007' });
    expect(link).toHaveAttribute('href', `/acme-outdoor/claims/${draftClaim.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Trailhead 2-person tent');
    expect(row).toHaveTextContent('TENT-2P-GRN');
    expect(row).toHaveTextContent('Damaged');
    expect(within(row).getByText('Draft')).toBeVisible();
    expect(row).toHaveTextContent('€258.00');
    expect(row.querySelector(`time[datetime="${recentDay}"]`)).not.toBeNull();
    expect(within(table()).getByText('Paid (partially approved)')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Claims · acme-outdoor · Partner Portal'));
  });

  it('shows each status as a tab with its count, and filters by it in the URL', async () => {
    const api = claimsApi(viewerSession, () => Response.json(listPage([draftClaim])));
    const { router } = renderRoute('/acme-outdoor/claims?type=damaged&cursor=c2');
    const user = userEvent.setup();

    const tabs = await screen.findByRole('navigation', { name: 'Claim status' });
    await within(tabs).findByRole('link', { name: 'All 18' });
    expect(within(tabs).getByRole('link', { name: 'Info requested 0' })).toBeVisible();
    expect(within(tabs).getByRole('link', { name: 'All 18' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Each tab keeps the other filters and starts from the first page.
    expect(within(tabs).getByRole('link', { name: 'Draft 3' })).toHaveAttribute(
      'href',
      '/acme-outdoor/claims?type=damaged&status=draft',
    );

    await user.click(within(tabs).getByRole('link', { name: 'Draft 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=damaged&status=draft'));
    await waitFor(() =>
      expect(askedFor(api)).toContain('?status=draft&type=damaged&sort=-createdAt'),
    );
    // The route's loader asks before the screen renders the new URL: wait for the render too.
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Claim status' })).getByRole('link', {
          name: 'Draft 3',
        }),
      ).toHaveAttribute('aria-current', 'page'),
    );
    expect(exportLink()).toHaveAttribute(
      'href',
      '/api/partners/acme-outdoor/claims.csv?status=draft&type=damaged&sort=-createdAt',
    );
  });

  it('counts the tabs under the list’s other filters', async () => {
    const api = claimsApi(viewerSession, () => Response.json(listPage([draftClaim])), {
      [`GET ${LIST}/facets`]: (request) => {
        const filtered = new URL(request.url).searchParams.get('type') === 'damaged';
        return Response.json({
          ...facets,
          statuses: facets.statuses.map((entry) =>
            filtered && entry.value === 'draft' ? { ...entry, count: 1 } : entry,
          ),
        });
      },
    });
    const { router } = renderRoute('/acme-outdoor/claims?q=tent&from=2026-02-01');
    const user = userEvent.setup();

    const tabs = await screen.findByRole('navigation', { name: 'Claim status' });
    await within(tabs).findByRole('link', { name: 'Draft 3' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'damaged');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=tent&from=2026-02-01&type=damaged'),
    );
    await within(tabs).findByRole('link', { name: 'Draft 1' });
    const facetQueries = api.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === `${LIST}/facets`)
      .map((url) => url.search);
    expect(facetQueries).toEqual([
      '?q=tent&from=2026-02-01',
      '?q=tent&type=damaged&from=2026-02-01',
    ]);
  });

  it('filters by type and filing dates, searches, and restores it all from the URL', async () => {
    const api = claimsApi(viewerSession, () => Response.json(listPage([draftClaim])));
    const { router } = renderRoute('/acme-outdoor/claims');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'CLM-000007' });

    const type = screen.getByRole('combobox', { name: 'Type' });
    await within(type).findByRole('option', { name: 'Damaged (9)' });
    await user.selectOptions(type, 'damaged');
    await waitFor(() => expect(router.state.location.search).toBe('?type=damaged'));

    await user.type(screen.getByRole('searchbox', { name: 'Search claims' }), '123{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?type=damaged&q=123'));
    await waitFor(() => expect(askedFor(api)).toContain('?q=123&type=damaged&sort=-createdAt'));

    const from = screen.getByLabelText('From', { selector: 'input' });
    await user.type(from, '2026-02-01');
    await waitFor(() =>
      expect(exportLink()).toHaveAttribute(
        'href',
        '/api/partners/acme-outdoor/claims.csv?q=123&type=damaged&from=2026-02-01&sort=-createdAt',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-02-01');
  });

  it('reads its filters from the URL it was opened with', async () => {
    const api = claimsApi(viewerSession, () => Response.json(listPage([draftClaim])));
    renderRoute('/acme-outdoor/claims?status=paid&type=lost&q=CLM-000009&sort=amountClaimed');
    await screen.findByRole('link', { name: 'CLM-000007' });

    expect(askedFor(api)[0]).toBe('?q=CLM-000009&status=paid&type=lost&sort=amountClaimed');
    expect(screen.getByRole('searchbox', { name: 'Search claims' })).toHaveValue('CLM-000009');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('lost');
    expect(screen.getByRole('link', { name: /^Paid/ })).toHaveAttribute('aria-current', 'page');
  });

  it('shows one item’s claims when opened from its page', async () => {
    const api = claimsApi(viewerSession, () => Response.json(listPage([draftClaim])));
    renderRoute(`/acme-outdoor/claims?itemId=${draftClaim.item?.id ?? ''}`);

    expect(await screen.findByText('The claims about one item.')).toBeVisible();
    await screen.findByRole('link', { name: 'CLM-000007' });
    expect(new URLSearchParams(askedFor(api)[0]).get('itemId')).toBe(draftClaim.item?.id);
  });

  it('says when no claim matches, and clears the filters', async () => {
    claimsApi(viewerSession, () => Response.json(listPage([])));
    const { router } = renderRoute('/acme-outdoor/claims?type=other');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'No claims match these filters' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows an error with a retry when the list fails', async () => {
    claimsApi(viewerSession, () => problem(500, 'internal'));
    renderRoute('/acme-outdoor/claims');

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the claims" }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeVisible();
  });

  it('offers "New claim" to a manager only', async () => {
    claimsApi(viewerSession, () => Response.json(listPage([draftClaim])));
    const { unmount } = renderRoute('/acme-outdoor/claims');
    await screen.findByRole('link', { name: 'CLM-000007' });
    expect(screen.queryByRole('button', { name: 'New claim' })).not.toBeInTheDocument();
    unmount();

    claimsApi(managerSession, () => Response.json(listPage([draftClaim])));
    const { router } = renderRoute('/acme-outdoor/claims');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New claim' }));
    expect(await screen.findByRole('dialog', { name: 'New claim' })).toBeVisible();
    expect(router.state.location.search).toBe('?new=1');
  });
});
