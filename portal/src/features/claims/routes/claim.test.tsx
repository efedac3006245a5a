import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Session } from '@/lib/auth';
import { acme, multiSession, partnerBody, staffSession, viewerSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, problem, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { Claim } from '../api/get-claim';
import { draftClaim, events, inReviewClaim, paidInPart, photo } from '../testing/claim-fixtures';

const managerSession = multiSession;
const base = (claim: Claim) => `/api/partners/acme-outdoor/claims/${claim.id}`;
const page = (claim: Claim) => `/acme-outdoor/claims/${claim.id}`;

function claimApi(session: Session, claim: Claim, handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(session),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${base(claim)}`]: () => Response.json(claim, { headers: { ETag: `"${claim.version}"` } }),
    [`GET ${base(claim)}/events`]: () => Response.json(listPage(events)),
    [`GET ${base(claim)}/attachments`]: () => Response.json({ items: [photo] }),
    ...handlers,
  });
}

const actions = () => screen.queryByRole('group', { name: 'Claim actions' });

describe('claim page', () => {
  it('shows the fields, amounts, status, evidence and timeline', async () => {
    claimApi(viewerSession, paidInPart);
    renderRoute(page(paidInPart));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claim CLM-000009' }),
    ).toBeVisible();
    expect(screen.getByText('Paid (partially approved)')).toBeVisible();
    const amounts = screen.getByRole('region', { name: 'Amounts' });
    expect(amounts).toHaveTextContent('€258.00');
    expect(amounts).toHaveTextContent('€200.00');
    expect(amounts).toHaveTextContent('PAY-2026-77');
    const claimCard = screen.getByRole('region', { name: 'Claim' });
    expect(within(claimCard).getByRole('link', { name: /TENT-2P-GRN/ })).toHaveAttribute(
      'href',
      '/acme-outdoor/inventory/10000000-0000-4000-8000-000000000001',
    );
    const file = await screen.findByRole('link', { name: 'crushed-carton.jpg' });
    expect(file).toHaveAttribute('href', `${base(paidInPart)}/attachments/${photo.id}`);
    expect(file).toHaveAttribute('download', 'crushed-carton.jpg');
    const timeline = await screen.findByRole('list', { name: 'Claim history' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
    expect(timeline).toHaveTextContent('Submitted');
    expect(timeline).toHaveTextContent('Looking into it.');
    await waitFor(() =>
      expect(document.title).toBe('CLM-000009 · Claims · acme-outdoor · Partner Portal'),
    );
  });

  it('shows the movement beside the incident date, and the approval’s amount and the payment’s reference in the timeline', async () => {
    const decided = [
      ...events,
      {
        id: 'e4',
        kind: 'transition' as const,
        actor: { id: 'u-staff', name: 'Sam Staff' },
        fromStatus: 'in_review' as const,
        toStatus: 'approved' as const,
        body: 'Two of three.',
        at: '2026-03-02T09:00:00.000Z',
        amountApproved: { amount: 20_000, currency: 'EUR' },
        payoutReference: null,
      },
      {
        id: 'e5',
        kind: 'transition' as const,
        actor: { id: 'u-staff', name: 'Sam Staff' },
        fromStatus: 'approved' as const,
        toStatus: 'paid' as const,
        body: null,
        at: '2026-03-03T09:00:00.000Z',
        amountApproved: null,
        payoutReference: 'PAY-2026-77',
      },
    ];
    claimApi(viewerSession, paidInPart, {
      [`GET ${base(paidInPart)}/events`]: () => Response.json(listPage(decided)),
    });
    renderRoute(page(paidInPart));

    const claimCard = await screen.findByRole('region', { name: 'Claim' });
    const movement = within(claimCard).getByRole('link', { name: /^Damage of 2 on/ });
    expect(movement).toHaveTextContent('ASN-1042');
    expect(within(movement).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      paidInPart.incidentDate,
    );
    const timeline = await screen.findByRole('list', { name: 'Claim history' });
    const [approval, payment] = within(timeline).getAllByRole('listitem').slice(3);
    expect(approval).toHaveTextContent('Amount approved: €200.00');
    expect(approval).toHaveTextContent('Two of three.');
    expect(payment).toHaveTextContent('Payout reference: PAY-2026-77');
  });

  it('gives a viewer no action, no upload and no comment box', async () => {
    claimApi(viewerSession, { ...draftClaim, allowedActions: [] });
    renderRoute(page(draftClaim));

    await screen.findByRole('heading', { level: 1, name: 'Claim CLM-000007' });
    await screen.findByRole('link', { name: 'crushed-carton.jpg' });
    expect(actions()).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('Add evidence')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a comment' })).not.toBeInTheDocument();
  });

  it('offers a manager exactly the allowed actions of a draft, with the evidence checklist', async () => {
    claimApi(managerSession, draftClaim, {
      [`GET ${base(draftClaim)}/attachments`]: () => Response.json({ items: [] }),
    });
    renderRoute(page(draftClaim));

    const group = await screen.findByRole('group', { name: 'Claim actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Submit', 'Delete']);
    const checklist = await screen.findByRole('list', { name: 'Evidence checklist' });
    expect(checklist).toHaveTextContent('A photo of the damage: missing');
    expect(screen.getByRole('form', { name: 'Add a comment' })).toBeVisible();
  });

  it('quotes the staff member’s question while the claim waits for the answer', async () => {
    const waiting: Claim = {
      ...inReviewClaim,
      status: 'info_requested',
      allowedActions: ['respond', 'withdraw'],
    };
    const request = (body: string, at: string) => ({
      id: `request-${at}`,
      kind: 'transition' as const,
      actor: { id: 'u-staff', name: 'Sam Staff' },
      fromStatus: 'in_review' as const,
      toStatus: 'info_requested' as const,
      body,
      amountApproved: null,
      payoutReference: null,
      at,
    });
    // An earlier request, answered; then the one waiting now; then a comment after it.
    const history = [
      ...events,
      request('Which carton was it?', '2026-03-01T09:00:00.000Z'),
      request('Please add the packing list of delivery ASN-1000.', '2026-03-02T09:00:00.000Z'),
      { ...events[2], id: 'e9', body: 'Any news?', at: '2026-03-02T10:00:00.000Z' },
    ];
    const api = claimApi(managerSession, waiting, {
      [`GET ${base(waiting)}/events`]: (sent) =>
        Response.json(
          listPage(
            new URL(sent.url).searchParams.get('sort') === '-at' ? [...history].reverse() : history,
          ),
        ),
    });
    renderRoute(page(waiting));

    expect(await screen.findByText('Sam Staff asked for more information')).toBeVisible();
    expect(
      await screen.findByText('Please add the packing list of delivery ASN-1000.', {
        selector: 'blockquote',
      }),
    ).toBeVisible();
    expect(screen.getByText('Add evidence if needed, then respond.')).toBeVisible();
    expect(screen.queryByText('Which carton was it?', { selector: 'blockquote' })).toBeNull();
    const sent = api.requests.find((request) => request.url.includes('sort=-at'));
    expect(sent).toBeDefined();
  });

  it('disables Submit while the page lists missing evidence, and says why beside it', async () => {
    claimApi(managerSession, draftClaim, {
      [`GET ${base(draftClaim)}/attachments`]: () => Response.json({ items: [] }),
    });
    renderRoute(page(draftClaim));

    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      'Not ready to submit: Attach a photo of the damage.',
    );
    expect(
      within(screen.getByRole('group', { name: 'Claim actions' })).getByText(
        'Not ready to submit: Attach a photo of the damage.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Evidence checklist' })).toHaveTextContent(
      'A photo of the damage: missing',
    );
  });

  it('enables Submit once nothing is missing', async () => {
    claimApi(managerSession, { ...draftClaim, missing: [] });
    renderRoute(page(draftClaim));

    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByText(/Not ready to submit/)).not.toBeInTheDocument();
  });

  it('lets staff review: the transition carries the message and the version', async () => {
    const requested = { ...inReviewClaim, status: 'info_requested' as const, version: 6 };
    const api = claimApi(
      staffSession,
      { ...inReviewClaim, allowedActions: ['request_info', 'approve', 'reject'] },
      {
        [`POST ${base(inReviewClaim)}/transitions`]: () =>
          Response.json({ ...requested, allowedActions: [] }),
      },
    );
    renderRoute(page(inReviewClaim));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Request info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request information' });
    await user.click(within(dialog).getByRole('button', { name: 'Request info' }));
    expect(within(dialog).getByText('Write a message.')).toBeVisible();
    await user.type(
      within(dialog).getByLabelText('What do you need?'),
      'The packing list, please.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request info' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.requests.find((request) => request.url.endsWith('/transitions'));
    expect(sent?.headers.get('If-Match')).toBe('"5"');
    expect(await sent?.json()).toEqual({
      action: 'request_info',
      message: 'The packing list, please.',
    });
    expect(await screen.findByText('Info requested')).toBeVisible();
    expect(actions()).not.toBeInTheDocument();
  });

  it('says a claim changed since it was opened (412), shows its new state and keeps the typed message', async () => {
    const movedOn: Claim = {
      ...inReviewClaim,
      status: 'info_requested',
      version: 6,
      allowedActions: [],
    };
    claimApi(
      staffSession,
      { ...inReviewClaim, allowedActions: ['request_info', 'approve', 'reject'] },
      {
        [`POST ${base(inReviewClaim)}/transitions`]: () =>
          problem(412, 'stale', { detail: 'The claim changed.', claim: movedOn }, { ETag: '"6"' }),
      },
    );
    renderRoute(page(inReviewClaim));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this claim' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Outside the terms.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));

    expect(await within(dialog).findByText('This claim changed since you opened it')).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Outside the terms.');
    expect(within(dialog).getByRole('button', { name: 'Reject claim' })).toBeDisabled();
    expect(
      within(dialog).getByText(/not possible from the claim’s current status any more/),
    ).toBeVisible();
    // The page behind shows the claim as it is now.
    expect(screen.getAllByText('Info requested').length).toBeGreaterThan(0);
  });

  it('edits a draft; after a 412 it keeps what was typed, takes the other changes, and saves on the new version', async () => {
    const theirs: Claim = {
      ...draftClaim,
      version: 4,
      reference: 'ASN-2000',
      description: 'Crushed carton, bent poles.',
    };
    let patches = 0;
    const api = claimApi(managerSession, draftClaim, {
      [`PATCH ${base(draftClaim)}`]: () => {
        patches += 1;
        return patches === 1
          ? problem(412, 'stale', { claim: theirs }, { ETag: '"4"' })
          : Response.json({ ...theirs, version: 5, description: 'Crushed carton and a torn fly.' });
      },
    });
    renderRoute(page(draftClaim));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit draft' });
    const description = within(form).getByLabelText(/^Description/);
    await user.clear(description);
    await user.type(description, 'Crushed carton and a torn fly.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('This claim changed since you opened it')).toBeVisible();
    expect(form).toHaveTextContent('Changed meanwhile: Reference.');
    expect(within(form).getByLabelText(/^Description/)).toHaveValue(
      'Crushed carton and a torn fly.',
    );
    // The reference someone else changed shows their value; nothing was overwritten.
    expect(within(form).getByLabelText(/^Reference/)).toHaveValue('ASN-2000');
    expect(patches).toBe(1);

    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit draft' })).toBeNull());
    const sent = api.requests.filter((request) => request.method === 'PATCH');
    expect(sent.map((request) => request.headers.get('If-Match'))).toEqual(['"3"', '"4"']);
    expect(await sent[1]?.json()).toEqual({ description: 'Crushed carton and a torn fly.' });
  });
});
