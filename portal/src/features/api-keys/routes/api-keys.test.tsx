import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, partnerBody, staffSession, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, noContent, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const adminSession: Session = {
  user: { id: 'u-admin', email: 'admin@acme.example', name: 'Ada Admin', isStaff: false },
  memberships: [{ partner: acme, role: 'admin', openClaims: 0 }],
};

const wms = {
  id: '00000000-0000-4000-8000-0000000000k1',
  name: 'WMS sync',
  scopes: ['inventory:read', 'claims:read'],
  prefix: 'ppk_Ab3x',
  createdBy: { id: 'u-admin', name: 'Ada Admin' },
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2099-01-30T09:00:00.000Z',
  revokedAt: null,
};
const old = {
  ...wms,
  id: '00000000-0000-4000-8000-0000000000k2',
  name: 'Old ERP',
  prefix: 'ppk_Zz99',
  revokedAt: '2026-11-10T09:00:00.000Z',
};

const UUID = '00000000-0000-4000-8000-0000000000aa';

function keysApi(session: Session = adminSession, routes: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json({ ...partnerBody(acme), role: 'admin' }),
    'GET /api/partners/acme-outdoor/api-keys': () => Response.json(listPage([wms, old])),
    ...routes,
  });
}

beforeEach(() => {
  Object.defineProperty(globalThis.crypto, 'randomUUID', {
    configurable: true,
    value: jest.fn(() => UUID),
  });
});

describe('partner API keys', () => {
  it('lists the keys, marks a revoked one, and names the tab', async () => {
    keysApi();
    renderRoute('/acme-outdoor/settings/api-keys');

    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: 'WMS sync' })).closest('tr')!;
    expect(row).toHaveTextContent('inventory:read');
    expect(row).toHaveTextContent('ppk_Ab3x');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('Never');
    const revoked = screen.getByRole('rowheader', { name: 'Old ERP' }).closest('tr')!;
    expect(revoked).toHaveTextContent('Revoked');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('API keys · acme-outdoor · Partner Portal'));
  });

  it('creates a key with an Idempotency-Key and shows its token once', async () => {
    const api = keysApi(adminSession, {
      'POST /api/partners/acme-outdoor/api-keys': () =>
        Response.json({ ...wms, name: 'Shop', token: 'ppk_Ab3xSECRETSECRET' }, { status: 201 }),
    });
    renderRoute('/acme-outdoor/settings/api-keys');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Create key' }).at(-1)!);
    expect(await within(dialog).findByText('Choose at least one scope.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /claims:write/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Expires in' })).toHaveValue('90');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires in' }), '30');
    await user.click(within(dialog).getAllByRole('button', { name: 'Create key' }).at(-1)!);

    const shown = await screen.findByRole('dialog', { name: 'Your new key “Shop”' });
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue(
      'ppk_Ab3xSECRETSECRET',
    );
    expect(shown).toHaveTextContent('It cannot be shown again');
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.headers.get('Idempotency-Key')).toBe(UUID);
    const body = (await post.json()) as { name: string; scopes: string[]; expiresAt: string };
    expect(body.name).toBe('Shop');
    expect(body.scopes).toEqual(['claims:write']);
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('ppk_Ab3xSECRETSECRET')).not.toBeInTheDocument());
  });

  it('shows the API’s problem in the create dialog', async () => {
    keysApi(adminSession, {
      'POST /api/partners/acme-outdoor/api-keys': () =>
        problem(422, 'validation', { detail: 'The name is already taken.' }),
    });
    renderRoute('/acme-outdoor/settings/api-keys');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /inventory:read/ }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Create key' }).at(-1)!);

    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Token' })).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation', async () => {
    const api = keysApi(adminSession, {
      [`DELETE /api/partners/acme-outdoor/api-keys/${wms.id}`]: () => noContent(),
    });
    renderRoute('/acme-outdoor/settings/api-keys');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke WMS sync' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “WMS sync”?' });
    expect(api.calls).not.toContain(`DELETE /api/partners/acme-outdoor/api-keys/${wms.id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    await waitFor(() =>
      expect(api.calls).toContain(`DELETE /api/partners/acme-outdoor/api-keys/${wms.id}`),
    );
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });

  it('shows an error with a retry when the keys do not load', async () => {
    const api = keysApi(adminSession, {
      'GET /api/partners/acme-outdoor/api-keys': () => problem(503, 'unavailable'),
    });
    renderRoute('/acme-outdoor/settings/api-keys');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the API keys" }),
    ).toBeInTheDocument();
    api.on({ 'GET /api/partners/acme-outdoor/api-keys': () => Response.json(listPage([wms])) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'WMS sync' })).toBeInTheDocument();
  });

  it('is reached from the user menu by an admin; a viewer has no such link', async () => {
    keysApi(adminSession, {
      'GET /api/partners/acme-outdoor/members': () => Response.json(listPage([])),
    });
    const { router } = renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Ada Admin, AA' }));
    expect(screen.getByRole('menuitem', { name: 'Webhooks' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'API keys' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/acme-outdoor/settings/api-keys'),
    );
    expect(await screen.findByRole('rowheader', { name: 'WMS sync' })).toBeInTheDocument();
  });

  it('offers a viewer no link to the keys or the webhooks', async () => {
    keysApi(viewerSession, {
      'GET /api/partners/acme-outdoor/members': () => Response.json(listPage([])),
    });
    renderRoute('/acme-outdoor/members');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account: Vera Viewer, VV' }));
    expect(screen.getByRole('menuitem', { name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'API keys' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Webhooks' })).not.toBeInTheDocument();
  });

  it('is not found for someone who is not an admin, and asks for no keys', async () => {
    const api = keysApi(viewerSession);
    renderRoute('/acme-outdoor/settings/api-keys');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain('GET /api/partners/acme-outdoor/api-keys');
  });
});

describe('network API keys', () => {
  it('lists the network’s keys and offers its scopes', async () => {
    mockApi({
      'GET /api/me': () => Response.json(staffSession),
      'GET /api/staff/api-keys': () =>
        Response.json(
          listPage([{ ...wms, name: 'Warehouse scanner', scopes: ['movements:write'] }]),
        ),
      'GET /api/staff/summary': () => Response.json({}),
    });
    renderRoute('/staff/api-keys');
    const user = userEvent.setup();

    expect(await screen.findByRole('rowheader', { name: 'Warehouse scanner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/staff/api-keys',
    );
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(within(dialog).getByRole('checkbox', { name: /movements:write/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /claims:read/ })).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('checkbox', { name: /inventory:read/ }),
    ).not.toBeInTheDocument();
  });
});
