import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, multiSession, partnerBody } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { Claim } from '../api/get-claim';
import { draftClaim, facets, recentDay, tentItem } from '../testing/claim-fixtures';

const ITEM = `/api/partners/acme-outdoor/inventory/${tentItem.id}`;
const MOVEMENT_ID = '20000000-0000-4000-8000-000000000003';

const tent = {
  ...tentItem,
  category: 'Tents',
  barcode: null,
  warehouse: 'Berlin North',
  status: 'active',
  unitValue: { amount: 12_900, currency: 'EUR' },
  value: { amount: 12_900 * 14, currency: 'EUR' },
  onHand: 14,
  reserved: 4,
  available: 10,
  inbound: 20,
  damaged: 1,
  reorderPoint: 12,
  stockState: 'low',
  createdAt: '2025-01-10T09:00:00.000Z',
  updatedAt: '2026-03-02T10:30:00.000Z',
};

const damage = {
  id: MOVEMENT_ID,
  kind: 'damage',
  quantity: -2,
  reference: 'ASN-1042',
  note: null,
  occurredAt: `${recentDay}T12:00:00.000Z`,
  recordedAt: `${recentDay}T12:05:00.000Z`,
  claim: null,
  day: recentDay,
  claimDeadline: '2099-01-01',
  claimWindowOpen: true,
};

function formApi(handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(multiSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    'GET /api/partners/acme-outdoor/claims/facets': () => Response.json(facets),
    'GET /api/partners/acme-outdoor/claims': () => Response.json(listPage([])),
    [`GET ${ITEM}`]: () => Response.json(tent),
    [`GET ${ITEM}/movements/${MOVEMENT_ID}`]: () => Response.json(damage),
    [`GET /api/partners/acme-outdoor/claims/${draftClaim.id}`]: () => Response.json(draftClaim),
    [`GET /api/partners/acme-outdoor/claims/${draftClaim.id}/events`]: () =>
      Response.json(listPage([])),
    [`GET /api/partners/acme-outdoor/claims/${draftClaim.id}/attachments`]: () =>
      Response.json({ items: [] }),
    ...handlers,
  });
}

const fromMovement = `/acme-outdoor/claims?fileFor=${MOVEMENT_ID}&item=${tentItem.id}`;

/**
 * The test environment's FormData is Node's, which refuses jsdom's File; the browser's takes it.
 * The upload only appends the file, so a recording stand-in serves.
 */
class FakeFormData {
  private readonly entries = new Map<string, unknown>();
  append(name: string, value: unknown) {
    this.entries.set(name, value);
  }
  get(name: string) {
    return this.entries.get(name);
  }
}

/** An XMLHttpRequest that answers the evidence upload itself, reporting its progress. */
class FakeUpload {
  static sent: Array<{ url: string; headers: Record<string, string>; body: FakeFormData }> = [];
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  private listeners = new Map<string, Array<() => void>>();
  readonly upload = {
    listeners: [] as Array<
      (event: { lengthComputable: boolean; loaded: number; total: number }) => void
    >,
    addEventListener(
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) {
      this.listeners.push(listener);
    },
  };
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {}
  send(body: FakeFormData) {
    FakeUpload.sent.push({ url: this.url, headers: this.headers, body });
    setTimeout(() => {
      for (const listener of this.upload.listeners) {
        listener({ lengthComputable: true, loaded: 50, total: 100 });
      }
      this.status = 201;
      this.responseText = JSON.stringify({ id: 'a1', filename: 'photo.png' });
      for (const listener of this.listeners.get('load') ?? []) listener();
    }, 0);
  }
}

describe('new claim', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    Object.defineProperty(globalThis.crypto, 'randomUUID', {
      configurable: true,
      value: jest.fn(() => '00000000-0000-4000-8000-0000000000aa'),
    });
  });

  it('opens pre-filled from a damage movement, uploads the chosen photo, and opens the draft', async () => {
    jest
      .spyOn(globalThis, 'XMLHttpRequest')
      .mockImplementation(() => new FakeUpload() as unknown as XMLHttpRequest);
    jest
      .spyOn(globalThis, 'FormData')
      .mockImplementation(() => new FakeFormData() as unknown as FormData);
    const api = formApi({
      'POST /api/partners/acme-outdoor/claims': () =>
        Response.json(draftClaim satisfies Claim, { status: 201 }),
      // Once the photo is up, the draft misses nothing.
      [`GET /api/partners/acme-outdoor/claims/${draftClaim.id}`]: () =>
        Response.json(FakeUpload.sent.length === 0 ? draftClaim : { ...draftClaim, missing: [] }),
    });
    const { router } = renderRoute(fromMovement);
    const user = userEvent.setup();

    const drawer = await screen.findByRole('dialog', { name: 'New claim' });
    await waitFor(() => expect(within(drawer).getByLabelText(/^Units/)).toHaveValue('2'));
    expect(within(drawer).getByRole('radio', { name: /Damaged/ })).toBeChecked();
    expect(within(drawer).getByRole('radio', { name: /Lost/ })).toBeDisabled();
    expect(within(drawer).getByRole('combobox', { name: /^Item/ })).toHaveValue(
      'TENT-2P-GRN · Trailhead 2-person tent',
    );
    // The movement's day, shown and not asked: a claim on a movement takes it (docs/product.md §4).
    const incidentDate = within(drawer).getByLabelText(/^Incident date/);
    expect(incidentDate).toHaveValue(recentDay);
    expect(incidentDate).toHaveAttribute('readonly');
    expect(within(drawer).getByLabelText(/^Reference/)).toHaveValue('ASN-1042');
    expect(drawer).toHaveTextContent('Amount claimed: €258.00');
    const checklist = within(drawer).getByRole('list', { name: 'Evidence checklist' });
    expect(checklist).toHaveTextContent('A photo of the damage: missing');

    await user.type(within(drawer).getByLabelText(/^Description/), 'Carton crushed on arrival.');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    await user.upload(within(drawer).getByLabelText(/^Evidence/, { selector: 'input' }), photo);
    expect(checklist).toHaveTextContent('A photo of the damage: added');

    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/acme-outdoor/claims/${draftClaim.id}`),
    );
    const create = api.requests.find((request) => request.method === 'POST');
    expect(create?.headers.get('Idempotency-Key')).toBe('00000000-0000-4000-8000-0000000000aa');
    expect(await create?.json()).toEqual({
      type: 'damaged',
      itemId: tentItem.id,
      movementId: MOVEMENT_ID,
      quantity: 2,
      incidentDate: recentDay,
      description: 'Carton crushed on arrival.',
      reference: 'ASN-1042',
    });
    expect(FakeUpload.sent).toHaveLength(1);
    expect(FakeUpload.sent[0]?.url).toBe(
      `/api/partners/acme-outdoor/claims/${draftClaim.id}/attachments`,
    );
    expect((FakeUpload.sent[0]?.body.get('file') as File).name).toBe('photo.png');
    // The draft's page reads the claim afresh: the photo uploaded, Submit is not held back.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('checks the fields before sending, then shows the API’s refusals beside them', async () => {
    const api = formApi({
      'POST /api/partners/acme-outdoor/claims': () =>
        problem(400, 'validation', {
          detail: 'Some fields are invalid.',
          errors: [{ field: 'quantity', message: 'At most the 2 units of the movement.' }],
        }),
    });
    renderRoute('/acme-outdoor/claims?new=1');
    const user = userEvent.setup();

    const drawer = await screen.findByRole('dialog', { name: 'New claim' });
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    expect(within(drawer).getByText('Choose what happened.')).toBeVisible();
    expect(
      within(drawer).getByText('Describe what happened in at least 10 characters.'),
    ).toBeVisible();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(within(drawer).getByRole('radio', { name: /Other/ }));
    // Without an item, a claim of type other states what a unit is worth.
    await user.type(within(drawer).getByLabelText(/^Unit value/), '12.50');
    await user.type(within(drawer).getByLabelText(/^Units/), '5');
    await user.type(within(drawer).getByLabelText(/^Incident date/), recentDay);
    await user.type(
      within(drawer).getByLabelText(/^Description/),
      'A pallet went missing in transfer.',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));

    expect(await within(drawer).findByText('At most the 2 units of the movement.')).toBeVisible();
    expect(within(drawer).getByLabelText(/^Units/)).toHaveFocus();
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(await sent?.json()).toMatchObject({
      type: 'other',
      itemId: null,
      quantity: 5,
      unitValue: 1250,
    });
  });
});
