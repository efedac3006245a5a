import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, multiSession, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import {
  blankOverview,
  closedDraft,
  infoRequested,
  lastDayLoss,
  overview,
  unclaimedDamage,
} from '../testing/overview-fixtures';

const OVERVIEW = '/api/partners/acme-outdoor/overview';

function overviewApi(session: Session, handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${OVERVIEW}`]: () => Response.json(overview),
    ...handlers,
  });
}

const kpi = (label: string) =>
  within(screen.getByRole('list', { name: 'Key figures' }))
    .getByText(label)
    .closest('li') as HTMLElement;

const attention = () => screen.getByRole('list', { name: 'Needs attention' });

describe('overview', () => {
  it('shows each key figure with its change in words and names the tab', async () => {
    overviewApi(viewerSession);
    renderRoute('/acme-outdoor/overview');

    await screen.findByText('Open claims amount');
    expect(kpi('Open claims')).toHaveTextContent('28');
    expect(kpi('Open claims')).toHaveTextContent('Up 12%from 30 days ago');
    expect(kpi('Open claims amount')).toHaveTextContent('€11,200.00');
    expect(kpi('Open claims amount')).toHaveTextContent('Up 12%from 30 days ago');
    // Against zero, the change is the amount itself.
    expect(kpi('Approved, last 30 days')).toHaveTextContent('Up €500.00from the 30 days before');
    expect(kpi('Paid, last 30 days')).toHaveTextContent('Down 25%from the 30 days before');
    expect(kpi('Units on hand')).toHaveTextContent('No changefrom 30 days ago');
    // No previous value: no change at all.
    expect(kpi('Awaiting your action')).toHaveTextContent(/^Awaiting your action4$/);
    // The arrow and sign are for the eye; screen readers get the words.
    expect(within(kpi('Paid, last 30 days')).getByText('−25%')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    await waitFor(() => expect(document.title).toBe('Overview · acme-outdoor · Partner Portal'));
  });

  it('counts down each filing window and links each entry where it is dealt with', async () => {
    overviewApi(multiSession);
    renderRoute('/acme-outdoor/overview');

    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Waiting for your answer');
    expect(entries[1]).toHaveTextContent('Window closed');
    expect(entries[2]).toHaveTextContent('5 days left');
    expect(entries[2]).toHaveTextContent('2 units');

    expect(
      within(list).getByRole('link', { name: 'Information requested: CLM-000007' }),
    ).toHaveAttribute('href', `/acme-outdoor/claims/${infoRequested.claim?.id}`);
    expect(within(list).getByRole('link', { name: 'Draft claim: CLM-000009' })).toHaveAttribute(
      'href',
      `/acme-outdoor/claims/${closedDraft.claim?.id}`,
    );
    // A manager files the damage from the claims screen's pre-filled form.
    expect(
      within(list).getByRole('link', { name: 'Damage not claimed: ACM-BOT-00006' }),
    ).toHaveAttribute(
      'href',
      `/acme-outdoor/claims?fileFor=${unclaimedDamage.movement?.id}&item=${unclaimedDamage.movement?.itemId}`,
    );
  });

  it('sends a viewer, who cannot file, to the item of an unclaimed damage', async () => {
    overviewApi(viewerSession);
    renderRoute('/acme-outdoor/overview');

    const link = await within(
      await screen.findByRole('list', { name: 'Needs attention' }),
    ).findByRole('link', { name: 'Damage not claimed: ACM-BOT-00006' });
    expect(link).toHaveAttribute(
      'href',
      `/acme-outdoor/inventory/${unclaimedDamage.movement?.itemId}`,
    );
  });

  it('loads more entries from the needs-attention list', async () => {
    const api = overviewApi(viewerSession, {
      [`GET ${OVERVIEW}/needs-attention`]: () => Response.json(listPage([lastDayLoss])),
    });
    renderRoute('/acme-outdoor/overview');

    await screen.findByText('3 of 4 shown');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(attention()).findByText('Last day')).toBeVisible();
    expect(within(attention()).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('4 of 4 shown')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const request = api.requests.find((sent) => sent.url.includes('/needs-attention'));
    expect(new URL(request?.url ?? '').searchParams.get('cursor')).toBe('page-2');
  });

  it('shows on each activity the status its event moved the claim to, not the claim’s status now', async () => {
    const [first, ...rest] = overview.recentActivity;
    overviewApi(viewerSession, {
      [`GET ${OVERVIEW}`]: () =>
        Response.json({
          ...overview,
          recentActivity: [
            {
              ...first,
              kind: 'claim_created',
              summary: 'Maria Manager created CLM-000007.',
              status: 'draft',
              claim: { ...first?.claim, status: 'rejected' },
            },
            ...rest,
          ],
        }),
    });
    renderRoute('/acme-outdoor/overview');

    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    const [created, movement] = within(activity).getAllByRole('listitem');
    expect(created).toHaveTextContent('Draft');
    expect(created).not.toHaveTextContent('Rejected');
    expect(movement).not.toHaveTextContent(/Draft|Rejected/);
  });

  it('lists the recent activity with links to its claims and items', async () => {
    overviewApi(viewerSession);
    renderRoute('/acme-outdoor/overview');

    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(activity).getByRole('link', { name: 'CLM-000007' })).toHaveAttribute(
      'href',
      `/acme-outdoor/claims/${infoRequested.claim?.id}`,
    );
    expect(within(activity).getByRole('link', { name: 'ACM-BOT-00006' })).toHaveAttribute(
      'href',
      `/acme-outdoor/inventory/${unclaimedDamage.item?.id}`,
    );
  });

  it('welcomes a partner with no data yet and points to the inventory', async () => {
    overviewApi(viewerSession, { [`GET ${OVERVIEW}`]: () => Response.json(blankOverview) });
    renderRoute('/acme-outdoor/overview');

    expect(
      await screen.findByRole('heading', { name: 'Welcome! Nothing to show yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to inventory' })).toHaveAttribute(
      'href',
      '/acme-outdoor/inventory',
    );
  });

  it('says when the overview cannot be loaded, and retries', async () => {
    const api = overviewApi(viewerSession, {
      [`GET ${OVERVIEW}`]: () => problem(500, 'internal'),
    });
    renderRoute('/acme-outdoor/overview');

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the overview" }),
    ).toBeVisible();
    api.on({ [`GET ${OVERVIEW}`]: () => Response.json(overview) });
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Open claims amount')).toBeVisible();
  });
});
