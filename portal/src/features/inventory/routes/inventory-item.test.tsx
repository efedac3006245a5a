import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, multiSession, partnerBody, staffSession, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { claimedDamage, damageClaim, loss, receipt, tent } from '../testing/inventory-fixtures';

const ITEM = `/api/partners/acme-outdoor/inventory/${tent.id}`;
const itemPath = `/acme-outdoor/inventory/${tent.id}`;

/** multi@example.com is a manager of acme-outdoor (docs/product.md §6). */
const managerSession = multiSession;

function itemApi(session: Session, handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${ITEM}`]: () => Response.json(tent),
    [`GET ${ITEM}/movements`]: () => Response.json(listPage([loss, claimedDamage, receipt])),
    'GET /api/partners/acme-outdoor/claims': () => Response.json(listPage([])),
    ...handlers,
  });
}

const stock = () => screen.getByRole('region', { name: 'Stock' });
const figure = (term: string) =>
  within(stock()).getByText(term).closest('div')?.querySelector('dd') as HTMLElement;

describe('inventory item', () => {
  it('shows the quantities, value, stock state and names the tab', async () => {
    itemApi(viewerSession);
    renderRoute(itemPath);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trailhead 2-person tent' }),
    ).toBeVisible();
    expect(figure('On hand')).toHaveTextContent('14');
    expect(figure('Reserved')).toHaveTextContent('4');
    expect(figure('Available')).toHaveTextContent('10');
    expect(figure('Inbound')).toHaveTextContent('20');
    expect(figure('Damaged')).toHaveTextContent('1');
    expect(figure('Reorder point')).toHaveTextContent('12');
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('€1,806.00');
    expect(screen.getByText('Low stock')).toBeVisible();
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Inventory' })).toHaveAttribute(
      'href',
      '/acme-outdoor/inventory',
    );
    await waitFor(() =>
      expect(document.title).toBe(
        'Trailhead 2-person tent · Inventory · acme-outdoor · Partner Portal',
      ),
    );
  });

  it('shows reservations beyond the stock as a negative available, said, and out of stock', async () => {
    itemApi(viewerSession, {
      [`GET ${ITEM}`]: () =>
        Response.json({ ...tent, onHand: 2, reserved: 6, available: -4, stockState: 'out' }),
    });
    renderRoute(itemPath);

    await screen.findByRole('heading', { level: 1, name: 'Trailhead 2-person tent' });
    expect(figure('Available')).toHaveTextContent('−4 (over-reserved)');
    expect(screen.getByText('Out of stock')).toBeVisible();
  });

  it('lists the movements with signed quantities, references and notes', async () => {
    itemApi(viewerSession);
    renderRoute(itemPath);

    await screen.findByText('Cycle count');
    const table = screen.getByRole('table', { name: 'Movements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Loss');
    expect(rows[0]).toHaveTextContent('−3');
    expect(rows[0]).toHaveTextContent('CC-2026-03');
    expect(rows[0]).toHaveTextContent('Cycle count');
    expect(rows[2]).toHaveTextContent('+24');
    expect(rows[2]).toHaveTextContent('ASN-1042');
    // The claim filed from the damage links to it, with its status.
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'CLM-000042' }),
    ).toHaveAttribute('href', '/acme-outdoor/claims/30000000-0000-4000-8000-000000000001');
    expect(rows[1]).toHaveTextContent('In review');
    expect(screen.getByRole('heading', { name: 'No claims about this item' })).toBeVisible();
  });

  it('lists the claims about the item, each linking to its claim', async () => {
    const api = itemApi(viewerSession, {
      'GET /api/partners/acme-outdoor/claims': () => Response.json(listPage([damageClaim])),
    });
    renderRoute(itemPath);

    const table = await screen.findByRole('table', { name: 'Claims about this item' });
    const claimLink = await within(table).findByRole('link', { name: 'CLM-000042' });
    expect(claimLink).toHaveAttribute('href', `/acme-outdoor/claims/${damageClaim.id}`);
    const row = claimLink.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Damaged');
    expect(row).toHaveTextContent('In review');
    expect(row).toHaveTextContent('€258.00');
    expect(screen.getByRole('link', { name: 'See them in Claims' })).toHaveAttribute(
      'href',
      `/acme-outdoor/claims?itemId=${tent.id}`,
    );
    const request = api.requests.find(
      (sent) => new URL(sent.url).pathname === '/api/partners/acme-outdoor/claims',
    );
    expect(new URL(request?.url ?? '').searchParams.get('itemId')).toBe(tent.id);
  });

  it('pages the movements with their cursors, in the URL', async () => {
    const api = itemApi(viewerSession, {
      [`GET ${ITEM}/movements`]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'older'
          ? Response.json(listPage([receipt], { prevCursor: 'newer', total: 2 }))
          : Response.json(listPage([loss], { nextCursor: 'older', total: 2 })),
    });
    const { router } = renderRoute(itemPath);
    const user = userEvent.setup();

    await screen.findByText('Cycle count');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ASN-1042')).toBeVisible();
    expect(router.state.location.search).toBe('?cursor=older');
    expect(api.calls.filter((call) => call.endsWith('/movements'))).toHaveLength(2);
  });

  describe('reorder point', () => {
    it('has no edit control for a viewer, nor "File a claim"', async () => {
      itemApi(viewerSession);
      renderRoute(itemPath);

      await screen.findByRole('heading', { level: 1, name: 'Trailhead 2-person tent' });
      await screen.findByText('Cycle count');
      expect(screen.queryByRole('button', { name: /Edit reorder point/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /File a claim/ })).not.toBeInTheDocument();
      expect(screen.getByText('Not claimed')).toBeVisible();
    });

    it('has no edit control for staff who are not members', async () => {
      itemApi(staffSession);
      renderRoute(itemPath);

      await screen.findByRole('heading', { level: 1, name: 'Trailhead 2-person tent' });
      expect(screen.queryByRole('button', { name: /Edit reorder point/ })).not.toBeInTheDocument();
    });

    it('is edited in place by a manager: PATCH with the CSRF header, the new value shown', async () => {
      document.cookie = 'csrf=token-from-sign-in';
      const api = itemApi(managerSession, {
        [`PATCH ${ITEM}`]: async (request) =>
          Response.json({ ...tent, ...((await request.json()) as object), stockState: 'in' }),
      });
      renderRoute(itemPath);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Edit reorder point' }));
      const field = await screen.findByRole('spinbutton', { name: 'Reorder point' });
      await waitFor(() => expect(field).toHaveFocus());
      await user.clear(field);
      await user.type(field, '8{Enter}');

      await waitFor(() => expect(figure('Reorder point')).toHaveTextContent('8'));
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
      const patch = api.requests.find((request) => request.method === 'PATCH') as Request;
      expect(await patch.json()).toEqual({ reorderPoint: 8 });
      expect(patch.headers.get('X-CSRF-Token')).toBe('token-from-sign-in');
      expect(screen.getByText('In stock')).toBeVisible();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Edit reorder point' })).toHaveFocus(),
      );
    });

    it("shows the API's validation message beside the field", async () => {
      itemApi(managerSession, {
        [`PATCH ${ITEM}`]: () =>
          problem(400, 'validation', {
            detail: 'The request is not valid.',
            errors: [{ field: 'reorderPoint', message: 'reorderPoint must not exceed 1000000.' }],
          }),
      });
      renderRoute(itemPath);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Edit reorder point' }));
      const field = await screen.findByRole('spinbutton', { name: 'Reorder point' });
      await user.clear(field);
      await user.type(field, '5000000');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('reorderPoint must not exceed 1000000.'),
      );
      expect(field).toHaveFocus();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('checks the value before sending, and Escape cancels', async () => {
      const api = itemApi(managerSession);
      renderRoute(itemPath);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Edit reorder point' }));
      const field = await screen.findByRole('spinbutton', { name: 'Reorder point' });
      await user.clear(field);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a reorder point.'));

      await user.type(field, '{Escape}');
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(figure('Reorder point')).toHaveTextContent('12');
      expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
    });

    it('says so when the role changed meanwhile (403), and when the CSRF check failed', async () => {
      let answer = problem(403, 'forbidden');
      itemApi(managerSession, { [`PATCH ${ITEM}`]: () => answer });
      renderRoute(itemPath);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Edit reorder point' }));
      const field = await screen.findByRole('spinbutton', { name: 'Reorder point' });
      await user.clear(field);
      await user.type(field, '3{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You can no longer change this item',
      );

      answer = problem(403, 'csrf');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('Reload the page and try again.'),
      );
    });
  });

  it('offers "File a claim" to a manager on an unclaimed loss or damage only', async () => {
    itemApi(managerSession);
    renderRoute(itemPath);

    const fileClaim = await screen.findByRole('link', { name: /^File a claim/ });
    expect(fileClaim).toHaveAttribute(
      'href',
      `/acme-outdoor/claims?fileFor=${loss.id}&item=${tent.id}`,
    );
    expect(fileClaim).toHaveAccessibleName('File a claim for the loss of 3 units on Mar 1, 2026');
    expect(screen.getAllByRole('link', { name: /^File a claim/ })).toHaveLength(1);
  });

  it('offers "File a claim" only while the movement’s filing window is open, and says when it closed', async () => {
    const closedLoss = { ...loss, claimDeadline: '2026-07-03', claimWindowOpen: false };
    itemApi(managerSession, {
      [`GET ${ITEM}/movements`]: () =>
        Response.json(listPage([closedLoss, claimedDamage, receipt])),
    });
    renderRoute(itemPath);

    expect(await screen.findByText('Filing window closed on Jul 3, 2026')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^File a claim/ })).not.toBeInTheDocument();
  });

  it("shows the product's not-found screen for an item the partner does not have", async () => {
    itemApi(viewerSession, { [`GET ${ITEM}`]: () => problem(404, 'not_found') });
    renderRoute(itemPath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // Inside the partner's shell, not the bare site 404: its sections and the way back.
    const sections = screen.getByRole('navigation', { name: 'Partner sections' });
    expect(within(sections).getByRole('link', { name: 'Inventory' })).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toHaveAttribute(
      'href',
      '/acme-outdoor/overview',
    );
    await waitFor(() =>
      expect(document.title).toBe('Page not found · acme-outdoor · Partner Portal'),
    );
  });

  it('shows the not-found screen for an id that cannot be one (400)', async () => {
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
      'GET /api/partners/acme-outdoor/inventory/not-a-uuid': () => problem(400, 'validation'),
    });
    renderRoute('/acme-outdoor/inventory/not-a-uuid');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
