import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { acme, partnerBody, staffSession } from '@/testing/fixtures';
import { listPage } from '@/testing/list-page';
import { mockApi, type ApiHandler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { Claim } from '../api/get-claim';
import type { ClaimEvent } from '../api/get-claim-events';
import { events, facets, inReviewClaim, paidInPart, photo } from '../testing/claim-fixtures';

const base = (claim: Claim) => `/api/partners/acme-outdoor/claims/${claim.id}`;

const staffClaim: Claim = {
  ...inReviewClaim,
  assignee: null,
  waitingSince: '2026-02-28T09:00:00.000Z',
  pendingApproval: null,
  allowedActions: ['request_info', 'approve', 'reject'],
};

const note: ClaimEvent = {
  id: 'e9',
  kind: 'internal_note',
  internal: true,
  actor: { id: 'u-staff', name: 'Sam Staff' },
  fromStatus: null,
  toStatus: null,
  body: 'Same SKU lost twice this month.',
  at: '2026-02-28T11:00:00.000Z',
  amountApproved: null,
  payoutReference: null,
};

const staffOnly = (event: Pick<ClaimEvent, 'id' | 'kind' | 'body' | 'at'>): ClaimEvent => ({
  internal: true,
  actor: { id: 'u-staff', name: 'Sam Staff' },
  fromStatus: null,
  toStatus: null,
  amountApproved: null,
  payoutReference: null,
  ...event,
});

const assigned = staffOnly({
  id: 'e10',
  kind: 'assignment',
  body: 'Rita Reviewer',
  at: '2026-02-28T11:10:00.000Z',
});
const unassigned = staffOnly({
  id: 'e11',
  kind: 'assignment',
  body: 'Unassigned',
  at: '2026-02-28T11:20:00.000Z',
});
const firstApproval = staffOnly({
  id: 'e12',
  kind: 'approval_requested',
  body: 'First approval of 1250.00 EUR: a second staff member completes it (above 1000 EUR).\n\nPhotos match the carrier report.',
  at: '2026-02-28T11:30:00.000Z',
});

const staffUsers = {
  items: [
    { id: 'u-rita', name: 'Rita Reviewer', email: 'reviewer@portal.example' },
    { id: 'u-staff', name: 'Sam Staff', email: 'staff@portal.example' },
  ],
};

const queued = (claim: Claim, number: string, id: string) => ({
  ...claim,
  id,
  number,
  partner: { slug: 'acme-outdoor', name: 'Acme Outdoor Co.' },
  overdue: false,
});

function staffClaimApi(claim: Claim, handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => Response.json(staffSession),
    'GET /api/partners/acme-outdoor': () => Response.json(partnerBody(acme)),
    [`GET ${base(claim)}`]: () => Response.json(claim, { headers: { ETag: `"${claim.version}"` } }),
    [`GET ${base(claim)}/events`]: () =>
      Response.json(listPage([...events, note, assigned, unassigned, firstApproval])),
    'GET /api/staff/users': () => Response.json(staffUsers),
    [`GET ${base(claim)}/attachments`]: () => Response.json({ items: [photo] }),
    'GET /api/partners/acme-outdoor/claims': () => Response.json(listPage([claim, paidInPart])),
    'GET /api/partners/acme-outdoor/claims/facets': () =>
      Response.json({
        ...facets,
        statuses: facets.statuses.map((entry) =>
          entry.value === 'rejected' ? { ...entry, count: 5 } : entry,
        ),
      }),
    'GET /api/staff/claims': () =>
      Response.json(
        listPage([
          queued(claim, claim.number, claim.id),
          queued(claim, 'CLM-000044', '30000000-0000-4000-8000-000000000044'),
        ]),
      ),
    ...handlers,
  });
}

describe('claim page for staff', () => {
  it('shows the assignee and assigns the claim to the person signed in, then unassigns it', async () => {
    const bodies: unknown[] = [];
    staffClaimApi(staffClaim, {
      [`PUT ${base(staffClaim)}/assignee`]: async (request) => {
        const body = (await request.json()) as { userId: string | null };
        bodies.push(body);
        return Response.json({
          ...staffClaim,
          assignee: body.userId === null ? null : { id: 'u-staff', name: 'Sam Staff' },
        });
      },
    });
    renderRoute(`/acme-outdoor/claims/${staffClaim.id}`);
    const user = userEvent.setup();

    const staff = await screen.findByRole('region', { name: 'Staff' });
    expect(staff).toHaveTextContent('Unassigned');
    await user.click(within(staff).getByRole('button', { name: 'Assign to me' }));
    expect(await within(staff).findByText('You (Sam Staff)')).toBeVisible();
    await user.click(within(staff).getByRole('button', { name: 'Unassign' }));
    await within(staff).findByText('Unassigned');
    expect(bodies).toEqual([{ userId: 'u-staff' }, { userId: null }]);
  });

  it('assigns the claim to another staff member from the picker, by keyboard', async () => {
    const bodies: unknown[] = [];
    staffClaimApi(staffClaim, {
      [`PUT ${base(staffClaim)}/assignee`]: async (request) => {
        const body = (await request.json()) as { userId: string | null };
        bodies.push(body);
        return Response.json({ ...staffClaim, assignee: { id: 'u-rita', name: 'Rita Reviewer' } });
      },
    });
    renderRoute(`/acme-outdoor/claims/${staffClaim.id}`);
    const user = userEvent.setup();

    const staff = await screen.findByRole('region', { name: 'Staff' });
    const picker = within(staff).getByRole('combobox', { name: 'Assign to' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Another staff member…',
      'Rita Reviewer (reviewer@portal.example)',
      'Sam Staff (you)',
    ]);
    const assign = within(staff).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    picker.focus();
    await user.keyboard('{ArrowDown}');
    await user.selectOptions(picker, 'u-rita');
    expect(assign).toBeEnabled();
    await user.tab();
    expect(assign).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(staff).findByText('Rita Reviewer')).toBeVisible();
    expect(bodies).toEqual([{ userId: 'u-rita' }]);
    // The assignee is no longer offered; the person signed in still is.
    expect(
      within(within(staff).getByRole('combobox', { name: 'Assign to' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Another staff member…', 'Sam Staff (you)']);
  });

  it('says who was assigned and which approval was requested, in the timeline', async () => {
    staffClaimApi(staffClaim);
    renderRoute(`/acme-outdoor/claims/${staffClaim.id}`);

    const timeline = await screen.findByRole('list', { name: 'Claim history' });
    const titles = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(titles.some((text) => text.includes('Assigned to Rita Reviewer'))).toBe(true);
    expect(titles.some((text) => text.includes('Unassigned'))).toBe(true);
    const approval = within(timeline)
      .getByText(/Approval of €1,250\.00 requested by Sam Staff/)
      .closest('li') as HTMLElement;
    expect(approval).toHaveTextContent('Photos match the carrier report.');
    expect(approval).not.toHaveTextContent('First approval of');
    expect(within(approval).getByText('Staff only')).toBeVisible();
    expect(titles.some((text) => /^Event/.test(text))).toBe(false);
  });

  it('keeps the queue’s filters in "Back to queue" and "Next in queue"', async () => {
    const api = staffClaimApi(staffClaim);
    const queue = 'overdue=true&partner=acme-outdoor';
    renderRoute(
      `/acme-outdoor/claims/${staffClaim.id}?${new URLSearchParams({ queue }).toString()}`,
    );

    const nav = await screen.findByRole('navigation', { name: 'Review queue' });
    expect(within(nav).getByRole('link', { name: 'Back to queue' })).toHaveAttribute(
      'href',
      `/staff?${queue}`,
    );
    const next = await within(nav).findByRole('link', { name: 'Next in queue: CLM-000044' });
    expect(next.getAttribute('href')).toBe(
      `/acme-outdoor/claims/30000000-0000-4000-8000-000000000044?${new URLSearchParams({ queue }).toString()}`,
    );
    const asked = api.requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/api/staff/claims');
    expect(asked[0]?.searchParams.get('overdue')).toBe('true');
    expect(asked[0]?.searchParams.get('partner')).toBe('acme-outdoor');
  });

  it('shows a pending first approval, the item’s other claims and the partner’s record', async () => {
    const api = staffClaimApi({
      ...staffClaim,
      pendingApproval: {
        by: { id: 'u-other', name: 'Rita Reviewer' },
        amountApproved: { amount: 123_400, currency: 'EUR' },
        at: '2026-02-28T12:00:00.000Z',
      },
    });
    renderRoute(`/acme-outdoor/claims/${staffClaim.id}`);

    expect(
      await screen.findByText(/Approved €1,234.00 by Rita Reviewer, waiting for a second approval/),
    ).toBeVisible();
    // The button is the claim's allowedActions' to give, nothing else.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeVisible();
    const others = await screen.findByRole('list', { name: "The item's other claims" });
    expect(within(others).getByRole('link', { name: 'CLM-000009' })).toBeVisible();
    expect(within(others).queryByRole('link', { name: staffClaim.number })).not.toBeInTheDocument();
    // Filed in the last 12 months but drafts: 20; approved or paid of those decided: 11 of 16.
    const record = screen.getByRole('region', { name: "The partner's record, 12 months" });
    await waitFor(() => expect(record).toHaveTextContent(/Claims filed\s*20/));
    expect(record).toHaveTextContent('69 % of 16 decided');
    const asked = api.requests
      .map((request) => new URL(request.url))
      .find((url) => url.pathname.endsWith('/claims/facets'));
    expect(asked?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked?.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sets internal notes apart, and writes one with the internal flag', async () => {
    const api = staffClaimApi(staffClaim, {
      [`POST ${base(staffClaim)}/events`]: () => Response.json(note, { status: 201 }),
    });
    renderRoute(`/acme-outdoor/claims/${staffClaim.id}`);
    const user = userEvent.setup();

    const timeline = await screen.findByRole('list', { name: 'Claim history' });
    const entry = within(timeline).getByText('Same SKU lost twice this month.').closest('li');
    expect(entry).toHaveTextContent('Internal note');
    expect(within(entry as HTMLElement).getByText('Staff only')).toBeVisible();

    await user.click(screen.getByRole('switch', { name: /Internal note/ }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Check the CCTV.');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(api.calls).toContain(`POST ${base(staffClaim)}/events`));
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(await sent?.json()).toEqual({ body: 'Check the CCTV.', internal: true });
  });
});
