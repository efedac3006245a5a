import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { multiSession, staffSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { assignedClaim, overdueClaim, summary } from '../testing/staff-fixtures';

const QUEUE = '/api/staff/claims';

function queueApi(answer: (url: URL) => Response, handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(staffSession),
    'GET /api/staff/summary': () => Response.json(summary),
    [`GET ${QUEUE}`]: (request) => answer(new URL(request.url)),
    ...handlers,
  });
}

/** The query strings the queue asked the API for, in order. */
const askedFor = (api: ReturnType<typeof mockApi>) =>
  api.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === QUEUE)
    .map((url) => url.search);

const table = () => screen.getByRole('table', { name: 'Review queue' });
const rowOf = (number: string) =>
  within(table()).getByRole('link', { name: number }).closest('tr') as HTMLElement;

describe('review queue', () => {
  it('shows the figures, then every waiting claim with its partner, assignee and days waited', async () => {
    const api = queueApi(() => Response.json(listPage([overdueClaim, assignedClaim])));
    renderRoute('/staff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    const figures = await screen.findByRole('list', { name: 'Queue figures' });
    await within(figures).findByText('42');
    expect(figures).toHaveTextContent(/Waiting now\s*42/);
    expect(figures).toHaveTextContent(/Overdue\s*7/);
    expect(figures).toHaveTextContent('12 days');
    expect(figures).toHaveTextContent(/Decided in 7 days\s*18/);
    expect(figures).toHaveTextContent('3.5');
    expect(within(figures).getByRole('link', { name: /Overdue/ })).toHaveAttribute(
      'href',
      '/staff?overdue=true',
    );

    await screen.findByRole('link', { name: 'CLM-000101' });
    const overdue = rowOf('CLM-000101');
    expect(overdue).toHaveTextContent('Acme Outdoor Co.');
    expect(overdue).toHaveTextContent('Lost');
    expect(overdue).toHaveTextContent('Trailhead tent');
    expect(overdue).toHaveTextContent('€387.00');
    expect(overdue).toHaveTextContent('Submitted');
    expect(overdue).toHaveTextContent('Unassigned');
    expect(overdue).toHaveTextContent('8 days');
    expect(within(overdue).getByText('Overdue')).toBeVisible();
    expect(within(overdue).getByRole('button', { name: 'Assign to me: CLM-000101' })).toBeVisible();

    const mine = rowOf('CLM-000102');
    expect(mine).toHaveTextContent('You');
    expect(mine).toHaveTextContent('1 day');
    expect(within(mine).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument();

    // Oldest waiting first, the API's default order of the queue.
    expect(askedFor(api)).toEqual(['?sort=waitingSince']);
    await waitFor(() => expect(document.title).toBe('Review queue · Partner Portal'));
  });

  it('shows the median days to decision to one decimal', async () => {
    queueApi(() => Response.json(listPage([overdueClaim])), {
      'GET /api/staff/summary': () => Response.json({ ...summary, medianDaysToDecision30d: 10.87 }),
    });
    renderRoute('/staff');

    const figures = await screen.findByRole('list', { name: 'Queue figures' });
    await within(figures).findByText('42');
    expect(figures).toHaveTextContent(/Median days to decision\s*10\.9/);
    expect(figures).not.toHaveTextContent('10.87');
  });

  it('cuts the partner and the item at the column’s width, the whole text in the title', async () => {
    queueApi(() => Response.json(listPage([overdueClaim])));
    renderRoute('/staff');

    await screen.findByRole('link', { name: 'CLM-000101' });
    const row = rowOf('CLM-000101');
    expect(within(row).getByTitle('Acme Outdoor Co. · acme-outdoor')).toBeVisible();
    expect(within(row).getByTitle('Trailhead tent · TENT-2P-GRN')).toBeVisible();
  });

  it('filters, searches and sorts in the URL, exports the same set, and carries it to the claim', async () => {
    const api = queueApi(() => Response.json(listPage([overdueClaim])));
    const { router } = renderRoute('/staff');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'CLM-000101' });

    // Each change waits for the screen to render the URL before the next (the route's loader runs
    // first): a control of the previous render would start from the previous URL.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'none');
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=none'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveValue('none'),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=none&overdue=true'));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'submitted');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('submitted'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Amount from' }), '250{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?assignee=none&overdue=true&status=submitted&minAmount=250',
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Amount from' })).toHaveValue('250'),
    );
    await user.click(within(table()).getByRole('button', { name: /Claimed/ }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        expect.stringContaining('sort=amountClaimed'),
      ),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the queue' }), 'acme{Enter}');

    const query = '?q=acme&status=submitted&assignee=none&minAmount=25000&overdue=true';
    await waitFor(() => expect(askedFor(api)).toContain(`${query}&sort=amountClaimed`));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/staff/claims.csv${query}&sort=amountClaimed`,
      ),
    );
    // The claim opens with the queue's state, for its "Next in queue" and "Back to queue".
    const link = within(table()).getByRole('link', { name: 'CLM-000101' });
    const carried = new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('queue');
    expect(new URLSearchParams(carried ?? '').get('overdue')).toBe('true');
    expect(link.getAttribute('href')).toMatch(/^\/acme-outdoor\/claims\/30000000-[^?]+\?queue=/);
  });

  it('assigns a row, and a selection of rows, to the person signed in, then refreshes the queue', async () => {
    const assigned: string[] = [];
    const api = queueApi(
      () => Response.json(listPage([overdueClaim, { ...assignedClaim, assignee: null }])),
      {
        [`PUT /api/partners/acme-outdoor/claims/${overdueClaim.id}/assignee`]: async (request) => {
          assigned.push(JSON.stringify(await request.json()));
          return Response.json({ ...overdueClaim, assignee: { id: 'u-staff', name: 'Sam Staff' } });
        },
        [`PUT /api/partners/northwind/claims/${assignedClaim.id}/assignee`]: async (request) => {
          assigned.push(JSON.stringify(await request.json()));
          return Response.json(assignedClaim);
        },
      },
    );
    renderRoute('/staff');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'CLM-000101' });

    await user.click(
      within(rowOf('CLM-000101')).getByRole('button', { name: 'Assign to me: CLM-000101' }),
    );
    await waitFor(() => expect(assigned).toEqual(['{"userId":"u-staff"}']));
    await waitFor(() => expect(askedFor(api)).toHaveLength(2));

    await user.click(screen.getByRole('checkbox', { name: /CLM-000101/ }));
    await user.click(screen.getByRole('checkbox', { name: /CLM-000102/ }));
    await user.click(screen.getByRole('button', { name: 'Assign 2 to me' }));
    await waitFor(() => expect(assigned).toHaveLength(3));
    expect(api.calls).toContain(`PUT /api/partners/northwind/claims/${assignedClaim.id}/assignee`);
    await waitFor(() => expect(askedFor(api)).toHaveLength(3));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Assign \d+ to me$/ })).not.toBeInTheDocument(),
    );
  });

  it('says when nothing waits, and when the queue could not be read', async () => {
    let fail = false;
    queueApi(() => (fail ? problem(500, 'internal') : Response.json(listPage([]))));
    const { router } = renderRoute('/staff');

    expect(await screen.findByText('Nothing waits for the network')).toBeVisible();
    fail = true;
    await router.navigate('/staff?type=lost');
    expect(await screen.findByText("We couldn't load the claims")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('is not found for anyone but staff', async () => {
    mockApi({ 'GET /api/me': () => Response.json(multiSession) });
    renderRoute('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
  });
});
