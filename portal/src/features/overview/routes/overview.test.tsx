import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, multiSession, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { ActivityEntry, Overview } from '../api/get-overview';

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

  it('shows on each row the status the event moved the claim to, not its status now', async () => {
    const claim = (number: string, status: NonNullable<ActivityEntry['claim']>['status']) => ({
      id: `30000000-0000-4000-8000-${number.slice(-6).padStart(12, '0')}`,
      number,
      status,
    });
    const entries = [
      {
        kind: 'claim_created',
        at: '2026-11-25T11:00:00.000Z',
        summary: 'Maria Manager created CLM-000263.',
        status: 'draft',
        claim: claim('CLM-000263', 'rejected'),
        item: null,
      },
      {
        kind: 'claim_transition',
        at: '2026-11-25T10:00:00.000Z',
        summary: 'Sam Staff approved CLM-000264.',
        status: 'approved',
        claim: claim('CLM-000264', 'paid'),
        item: null,
      },
      {
        kind: 'claim_comment',
        at: '2026-11-25T09:00:00.000Z',
        summary: 'Sam Staff commented on CLM-000265.',
        status: null,
        claim: claim('CLM-000265', 'in_review'),
        item: null,
      },
    ] as Overview['recentActivity'];
    overviewApi(viewerSession, {
      [`GET ${OVERVIEW}`]: () => Response.json({ ...overview, recentActivity: entries }),
    });
    renderRoute('/acme-outdoor/overview');

    const rows = within(await screen.findByRole('list', { name: 'Recent activity' })).getAllByRole(
      'listitem',
    );
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[0]).not.toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Approved');
    expect(rows[1]).not.toHaveTextContent('Paid');
    // A comment moves nothing: no status at all.
    expect(rows[2]).not.toHaveTextContent(/In review/);
  });

  it('shows the recent activity’s times in the partner’s zone, and says which', async () => {
    overviewApi(viewerSession);
    renderRoute('/acme-outdoor/overview');

    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    // 09:30 UTC is 10:30 in Berlin (the partner's zone); the test runs in UTC.
    expect(within(activity).getAllByRole('listitem')[0]).toHaveTextContent(
      'Nov 25, 2026, 10:30 AM',
    );
    expect(screen.getByText(/^Times in Europe\/Berlin \(GMT\+1\)$/)).toBeVisible();
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
