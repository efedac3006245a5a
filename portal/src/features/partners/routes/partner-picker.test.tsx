import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import {
  acme,
  multiSession,
  partnerBody,
  staffMemberSession,
  staffSession,
  viewerSession,
} from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const globex = { slug: 'globex', name: 'Globex Retail' };

describe('home (/)', () => {
  it('sends a person with one partner straight to its overview', async () => {
    mockApi({
      'GET /api/me': () => Response.json(viewerSession),
      'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    });
    const { router } = renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme-outdoor/overview');
  });

  it('lets a person with several partners pick one, with their role and open claims in each', async () => {
    mockApi({
      'GET /api/me': () => Response.json(multiSession),
      'GET /api/partners/northwind': () =>
        Response.json(partnerBody({ slug: 'northwind', name: 'Northwind Goods' })),
    });
    const { router } = renderRoute('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a partner' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your partners' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Acme Outdoor Co.12 open claimsManager',
      'Northwind Goods0 open claimsViewer',
    ]);
    expect(within(list).getByRole('link', { name: 'Acme Outdoor Co.' })).toHaveAttribute(
      'href',
      '/acme-outdoor/overview',
    );
    expect(screen.queryByRole('form', { name: 'Open a partner by slug' })).not.toBeInTheDocument();

    await userEvent.click(within(list).getByRole('link', { name: 'Northwind Goods' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/northwind/overview'));
  });

  it('sends staff without memberships to the review queue', async () => {
    mockApi({
      'GET /api/me': () => Response.json(staffSession),
      'GET /api/staff/summary': () =>
        Response.json({
          waiting: 0,
          overdue: 0,
          oldestWaitingSince: null,
          decidedLast7Days: 0,
          medianDaysToDecision30d: null,
        }),
      'GET /api/staff/claims': () => Response.json(listPage([])),
    });
    const { router } = renderRoute('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review queue' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('shows staff who belong to partners the review queue first, and lets them open a partner by its slug', async () => {
    mockApi({
      'GET /api/me': () => Response.json(staffMemberSession),
      'GET /api/partners/globex': () => Response.json(partnerBody(globex)),
    });
    const { router } = renderRoute('/');
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Open a partner by slug' });
    const entries = within(screen.getByRole('list', { name: 'Your partners' })).getAllByRole(
      'link',
    );
    expect(entries.map((link) => link.textContent)).toEqual(['Review queue', 'Acme Outdoor Co.']);
    expect(entries[0]).toHaveAttribute('href', '/staff');
    const slug = within(form).getByLabelText(/^Partner slug/);

    await user.type(slug, 'Not a slug');
    await user.click(within(form).getByRole('button', { name: 'Open partner' }));
    expect(slug).toHaveAccessibleDescription(/Enter a partner slug/);
    expect(router.state.location.pathname).toBe('/');

    await user.clear(slug);
    await user.type(slug, 'globex');
    await user.click(within(form).getByRole('button', { name: 'Open partner' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/globex/overview');
    expect(screen.getByText('Globex Retail')).toBeInTheDocument();
  });
});
