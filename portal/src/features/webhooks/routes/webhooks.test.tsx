import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, partnerBody, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, noContent, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const adminSession: Session = {
  user: { id: 'u-admin', email: 'admin@acme.example', name: 'Ada Admin', isStaff: false },
  memberships: [{ partner: acme, role: 'admin', openClaims: 0 }],
};

const ID = '00000000-0000-4000-8000-0000000000e1';
const base = `/api/partners/acme-outdoor/webhooks`;
const endpoint = {
  id: ID,
  url: 'https://hooks.acme.example/portal',
  events: ['claim.created', 'claim.status_changed'],
  description: 'The ERP',
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdBy: { id: 'u-admin', name: 'Ada Admin' },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const disabled = {
  ...endpoint,
  id: '00000000-0000-4000-8000-0000000000e2',
  url: 'https://old.acme.example/hook',
  enabled: false,
  disabledReason: 'The endpoint answered 410 Gone',
};
const delivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000f1',
  type: 'claim.created',
  attempt: 2,
  status: 'failed',
  responseStatus: 500,
  durationMs: 120,
  error: null,
  nextAttemptAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-27T09:00:00.000Z',
};

const UUID = '00000000-0000-4000-8000-0000000000aa';

function hooksApi(session: Session = adminSession, routes: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json({ ...partnerBody(acme), role: 'admin' }),
    [`GET ${base}`]: () => Response.json([endpoint, disabled]),
    [`GET ${base}/${ID}/deliveries`]: () => Response.json(listPage([delivery])),
    ...routes,
  });
}

beforeEach(() => {
  Object.defineProperty(globalThis.crypto, 'randomUUID', {
    configurable: true,
    value: jest.fn(() => UUID),
  });
});

describe('webhooks', () => {
  it('lists the endpoints, says why one is disabled, shows the recipe, and names the tab', async () => {
    hooksApi();
    renderRoute('/acme-outdoor/settings/webhooks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: endpoint.url }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('The ERP')).toHaveLength(2);
    expect(screen.getByText(/The endpoint answered 410 Gone/)).toBeInTheDocument();
    expect(screen.getAllByText('claim.status_changed').length).toBeGreaterThan(0);
    const recipe = screen.getByRole('heading', { name: 'Verifying signatures' }).parentElement!
      .parentElement!;
    expect(recipe).toHaveTextContent('webhook-signature');
    expect(recipe).toHaveTextContent('whsec_');
    expect(recipe).toHaveTextContent("createHmac('sha256'");
    await waitFor(() => expect(document.title).toBe('Webhooks · acme-outdoor · Partner Portal'));
  });

  it('adds an endpoint with an Idempotency-Key and shows its secret once', async () => {
    const api = hooksApi(adminSession, {
      [`POST ${base}`]: () =>
        Response.json(
          { ...endpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
          { status: 201 },
        ),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'URL' }),
      'https://hooks.acme.example/portal',
    );
    await user.click(within(dialog).getAllByRole('button', { name: 'Add endpoint' }).at(-1)!);
    expect(await within(dialog).findByText('Choose at least one event.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /inventory\.stock_low/ }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Add endpoint' }).at(-1)!);

    const shown = await screen.findByRole('dialog', { name: 'Your endpoint’s signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
    expect(shown).toHaveTextContent('It cannot be shown again');
    const post = api.requests.find((request) => request.method === 'POST')!;
    expect(post.headers.get('Idempotency-Key')).toBe(UUID);
    expect(await post.json()).toEqual({
      url: 'https://hooks.acme.example/portal',
      events: ['inventory.stock_low'],
      description: null,
    });
  });

  it('shows the API’s refusal of a URL beside the field', async () => {
    hooksApi(adminSession, {
      [`POST ${base}`]: () =>
        problem(422, 'validation', {
          detail: 'The request is invalid.',
          errors: [{ field: 'url', message: 'Use https.' }],
        }),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'URL' }),
      'http://hooks.acme.example',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /claim\.created/ }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Add endpoint' }).at(-1)!);

    expect(await within(dialog).findByText('Use https.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('sends a test event and shows the delivery log, where a delivery is sent again', async () => {
    const api = hooksApi(adminSession, {
      [`POST ${base}/${ID}/test`]: () =>
        Response.json({ ...delivery, type: 'webhook.test', status: 'pending' }, { status: 202 }),
      [`POST ${base}/${ID}/deliveries/${delivery.id}/redeliver`]: () =>
        Response.json({ ...delivery, attempt: 3, status: 'pending' }, { status: 202 }),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 3, name: endpoint.url });
    await user.click(screen.getAllByRole('button', { name: 'Send a test event' })[0]!);
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    const test = api.requests.find((request) => request.url.endsWith('/test'))!;
    expect(test.headers.get('Idempotency-Key')).toBe(UUID);

    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(log).getByRole('rowheader', { name: delivery.eventId }).closest('tr')!;
    expect(row).toHaveTextContent('claim.created');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('120 ms');
    await user.click(within(row).getByRole('button', { name: /Send claim\.created .* again/ }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    const again = api.requests.find((request) => request.url.endsWith('/redeliver'))!;
    expect(again.headers.get('Idempotency-Key')).toBe(UUID);
  });

  it('pages the delivery log with the API’s cursors', async () => {
    const older = {
      ...delivery,
      id: '00000000-0000-4000-8000-0000000000d2',
      eventId: '00000000-0000-4000-8000-0000000000f2',
      attempt: 1,
      createdAt: '2026-11-20T09:00:00.000Z',
    };
    const api = hooksApi(adminSession, {
      [`GET ${base}/${ID}/deliveries`]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? Response.json(listPage([older], { prevCursor: 'page-1', total: 51 }))
          : Response.json(listPage([delivery], { nextCursor: 'page-2', total: 51 })),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 3, name: endpoint.url });
    await user.click(screen.getAllByRole('button', { name: 'Show deliveries' })[0]!);
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    expect(await within(log).findByRole('rowheader', { name: delivery.eventId })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Pages of deliveries' });
    expect(pages).toHaveTextContent('51 deliveries');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(log).findByRole('rowheader', { name: older.eventId })).toBeVisible();
    expect(within(log).queryByRole('rowheader', { name: delivery.eventId })).toBeNull();
    const asked = () =>
      api.requests
        .filter((request) => request.url.includes('/deliveries'))
        .map((request) => new URL(request.url).searchParams.get('cursor'));
    expect(asked().at(-1)).toBe('page-2');

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await within(log).findByRole('rowheader', { name: delivery.eventId })).toBeVisible();
    expect(asked().at(-1)).toBe('page-1');
  });

  it('rotates the secret after a confirmation and says the old one stays valid 24 hours', async () => {
    hooksApi(adminSession, {
      [`POST ${base}/${ID}/rotate-secret`]: () => Response.json({ secret: 'whsec_NEWNEWNEW' }),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 3, name: endpoint.url });
    await user.click(screen.getAllByRole('button', { name: 'Rotate secret' })[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));

    const shown = await screen.findByRole('dialog', { name: 'The new signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_NEWNEWNEW',
    );
    expect(shown).toHaveTextContent('The old secret stays valid for 24 hours');
  });

  it('edits an endpoint (enabling a disabled one) and deletes one after a confirmation', async () => {
    const api = hooksApi(adminSession, {
      [`PATCH ${base}/${disabled.id}`]: () => Response.json({ ...disabled, enabled: true }),
      [`DELETE ${base}/${ID}`]: () => noContent(),
    });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: `Edit ${disabled.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the endpoint' });
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = api.requests.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toMatchObject({ enabled: true, url: disabled.url });

    await user.click(screen.getByRole('button', { name: `Delete ${endpoint.url}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(api.calls).toContain(`DELETE ${base}/${ID}`));
  });

  it('shows an error with a retry when the endpoints do not load', async () => {
    const api = hooksApi(adminSession, { [`GET ${base}`]: () => problem(503, 'unavailable') });
    renderRoute('/acme-outdoor/settings/webhooks');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: "We couldn't load the webhook endpoints" }),
    ).toBeInTheDocument();
    api.on({ [`GET ${base}`]: () => Response.json([]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No endpoints yet' })).toBeInTheDocument();
  });

  it('is not found for someone who is not an admin', async () => {
    const api = hooksApi(viewerSession);
    renderRoute('/acme-outdoor/settings/webhooks');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain(`GET ${base}`);
  });
});
