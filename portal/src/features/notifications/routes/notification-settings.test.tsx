import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, northwind, partnerBody, staffSession, viewerSession } from '@/testing/fixtures';
import { mockApi, problem } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const defaults = {
  claimUpdates: 'instant',
  filingDeadlines: 'daily_digest',
  lowStock: 'daily_digest',
} as const;

const preferences = (partners: Array<Record<string, string>>) => Response.json({ partners });

function settingsApi(session = viewerSession) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    'GET /api/me/notifications': () =>
      preferences([
        { ...acme, ...defaults },
        { ...northwind, ...defaults, claimUpdates: 'off' },
      ]),
  });
}

const switchOf = (name: string) => screen.getByRole('switch', { name });

describe('notification settings', () => {
  it('loads the person’s choices of the partner on screen, and names the tab', async () => {
    settingsApi();
    renderRoute('/acme-outdoor/settings/notifications');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Claim updates' })).toBeChecked();
    expect(switchOf('Filing deadlines')).toBeChecked();
    expect(switchOf('Low stock')).toBeChecked();
    await waitFor(() =>
      expect(document.title).toBe('Notifications · acme-outdoor · Partner Portal'),
    );
  });

  it('saves a switch at once, for this partner only, and says so', async () => {
    const api = settingsApi();
    api.on({
      'PUT /api/me/notifications': () =>
        preferences([
          { ...acme, ...defaults, lowStock: 'off' },
          { ...northwind, ...defaults, claimUpdates: 'off' },
        ]),
    });
    renderRoute('/acme-outdoor/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Low stock' }));

    await waitFor(() => expect(switchOf('Low stock')).not.toBeChecked());
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({ partners: [{ slug: 'acme-outdoor', lowStock: 'off' }] });
    expect(switchOf('Claim updates')).toBeChecked();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });

  it('shows a refused save and keeps the choice the server holds', async () => {
    const api = settingsApi();
    api.on({
      'PUT /api/me/notifications': () =>
        problem(500, 'internal', { detail: 'An unexpected error occurred' }),
    });
    renderRoute('/acme-outdoor/settings/notifications');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Claim updates' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(switchOf('Claim updates')).toBeChecked());
    expect(switchOf('Claim updates')).toBeEnabled();
  });

  it('shows an error with a retry when the settings do not load', async () => {
    const api = settingsApi();
    api.on({ 'GET /api/me/notifications': () => problem(503, 'unavailable') });
    renderRoute('/acme-outdoor/settings/notifications');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: "We couldn't load your notification settings" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    api.on({ 'GET /api/me/notifications': () => preferences([{ ...acme, ...defaults }]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Claim updates' })).toBeChecked();
  });

  it('says there is nothing to choose for a partner the person does not belong to', async () => {
    const api = settingsApi(staffSession);
    api.on({ 'GET /api/me/notifications': () => preferences([]) });
    renderRoute('/acme-outdoor/settings/notifications');

    expect(
      await screen.findByRole('heading', { name: 'No e-mails about this partner' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
