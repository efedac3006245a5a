import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { STAFF_ONLY_EVENT_KINDS } from '#src/claims/claim-event.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf } from './support/inventory.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { type TestApp, TEST_PUBLIC_URL, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { jobsSettled } from './support/jobs.js';

interface ClaimJson {
  id: string;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  assignee?: { id: string; name: string } | null;
  pendingApproval?: { by: { id: string; name: string } | null } | null;
}

interface EventJson {
  kind: string;
  internal: boolean;
  body: string | null;
  actor: { id: string; name: string } | null;
}

type Who = 'viewer' | 'manager' | 'admin' | 'staff' | 'outsider' | 'reviewer';

/**
 * The claim side of the staff workspace (docs/product.md §3a; docs/api.md, Claim and ClaimEvent):
 * assignment, internal notes, the assignee's notice, and that a partner's member never sees a
 * staff-only event or field, in JSON, CSV, the overview's feed or an e-mail.
 */
describe('staff claims: assignment, internal notes, visibility', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let outbox: string;
  let world: ClaimsWorld;
  let client: ReturnType<typeof claimsClient>;
  let reviewer: {
    id: string;
    name: string;
    email: string;
    client: ReturnType<typeof claimsClient>;
  };
  let disabledStaffId: string;
  /** Every staff-only text written in this file: none may reach a partner's member. */
  const secrets: string[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    outbox = await mkdtemp(path.join(tmpdir(), 'staff-claims-outbox-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, MAIL_OUTBOX_DIR: outbox },
    });
    dataSource = api.app.get(DataSource);
    world = await claimsWorld(api, dataSource, 'staffclaims');
    client = claimsClient(api, world);
    const tag = randomUUID().slice(0, 8);
    const email = `reviewer-${tag}@claims.test`;
    const id = await createUser(dataSource, email, 'unused', [], { isStaff: true });
    reviewer = {
      id,
      email,
      name: `reviewer-${tag}`,
      client: claimsClient(api, {
        ...world,
        tokens: { ...world.tokens, staff: await bearerOf(api, email) },
      }),
    };
    disabledStaffId = await createUser(dataSource, `gone-${tag}@claims.test`, 'unused', [], {
      isStaff: true,
      status: 'disabled',
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  /** `client`'s send, with the reviewer as a caller of their own. */
  function send(
    who: Who,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return who === 'reviewer'
      ? reviewer.client.send('staff', method, url, { payload, headers })
      : client.send(who, method, url, { payload, headers });
  }

  const assign = (who: Who, id: string, userId: unknown) =>
    send(who, 'PUT', `/${id}/assignee`, { userId });

  async function eventsAs(who: Who, id: string): Promise<EventJson[]> {
    const response = await send(who, 'GET', `/${id}/events?limit=100`);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: EventJson[] }>().items;
  }

  /** A claim walked to `in_review` (or `submitted`), of `quantity` units of 2.50 EUR. */
  async function claimIn(status: 'submitted' | 'in_review', quantity = 2): Promise<ClaimJson> {
    const created = await client.create('manager', draftBody(world, { quantity }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<ClaimJson>();
    expect((await client.transition('manager', id, { action: 'submit' }, 1)).statusCode).toBe(200);
    if (status === 'in_review') {
      expect((await client.transition('staff', id, { action: 'start_review' }, 2)).statusCode).toBe(
        200,
      );
    }
    return (await client.get('staff', id)).json<ClaimJson>();
  }

  async function mails(): Promise<Array<{ to: string[]; subject: string; text: string }>> {
    // E-mails go through the job queue: wait for it to deliver what was enqueued.
    await jobsSettled(api.app);
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.json')).sort();
    const all = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8'))),
    );
    return (all as Array<{ to: Array<{ address: string }>; subject: string; text: string }>).map(
      (mail) => ({
        to: mail.to.map((to) => to.address),
        subject: mail.subject,
        text: mail.text,
      }),
    );
  }

  describe('assignment', () => {
    it('is staff’s alone: 403 for every member, 404 for another partner’s member', async () => {
      const claim = await claimIn('submitted');
      for (const who of ['viewer', 'manager', 'admin'] as const) {
        const response = await assign(who, claim.id, world.userIds.staff);
        expect({ who, status: response.statusCode }).toEqual({ who, status: 403 });
      }
      expect((await assign('outsider', claim.id, world.userIds.staff)).statusCode).toBe(404);
      expect((await assign('staff', randomUUID(), world.userIds.staff)).statusCode).toBe(404);
    });

    it('assigns, reassigns and unassigns: 200 the claim with its ETag, the version unchanged, a staff-only event each', async () => {
      const claim = await claimIn('in_review');

      const mine = await assign('staff', claim.id, world.userIds.staff);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers.etag).toBe(`"${claim.version}"`);
      expect(mine.json()).toMatchObject({
        version: claim.version,
        assignee: { id: world.userIds.staff, name: world.emails.staff.split('@')[0] },
      });

      const theirs = await assign('staff', claim.id, reviewer.id);
      expect(theirs.json()).toMatchObject({
        version: claim.version,
        assignee: { id: reviewer.id, name: reviewer.name },
      });
      // The same assignee again changes nothing and writes no event.
      expect((await assign('reviewer', claim.id, reviewer.id)).statusCode).toBe(200);

      const none = await assign('staff', claim.id, null);
      expect(none.json()).toMatchObject({ version: claim.version, assignee: null });

      const assignments = (await eventsAs('staff', claim.id)).filter(
        (event) => event.kind === 'assignment',
      );
      expect(assignments.map((event) => [event.body, event.internal, event.actor?.id])).toEqual([
        [world.emails.staff.split('@')[0], true, world.userIds.staff],
        [reviewer.name, true, world.userIds.staff],
        ['Unassigned', true, world.userIds.staff],
      ]);
    });

    it('refuses anyone but an active staff user (400), and a closed claim (409)', async () => {
      const claim = await claimIn('in_review');
      for (const userId of [world.userIds.manager, randomUUID(), disabledStaffId, 'someone']) {
        const response = await assign('staff', claim.id, userId);
        expect({ userId, status: response.statusCode }).toEqual({ userId, status: 400 });
        expect(response.json()).toMatchObject({ code: 'validation' });
      }
      expect((await send('staff', 'PUT', `/${claim.id}/assignee`, {})).statusCode).toBe(400);

      expect(
        (await client.transition('staff', claim.id, { action: 'reject', message: 'No.' }, 3))
          .statusCode,
      ).toBe(200);
      const closed = await assign('staff', claim.id, world.userIds.staff);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({ code: 'claim_closed' });
    });

    it('does not make a partner’s concurrent answer stale: the version stays', async () => {
      const claim = await claimIn('in_review');
      expect(
        (
          await client.transition(
            'staff',
            claim.id,
            { action: 'request_info', message: 'Which pallet?' },
            3,
          )
        ).statusCode,
      ).toBe(200);
      // The manager opened the claim at version 4; staff assign it meanwhile.
      expect((await assign('staff', claim.id, reviewer.id)).statusCode).toBe(200);
      const answer = await client.transition(
        'manager',
        claim.id,
        { action: 'respond', message: 'Pallet 7.' },
        4,
      );
      expect(answer.statusCode).toBe(200);
    });
  });

  describe('internal notes', () => {
    it('are written by staff only: internal from a member is 403; a staff note is internal_note, internal: true', async () => {
      const claim = await claimIn('submitted');
      const text = `Internal: check the carrier's report ${randomUUID()}`;
      secrets.push(text);

      const member = await send('manager', 'POST', `/${claim.id}/events`, {
        body: text,
        internal: true,
      });
      expect(member.statusCode).toBe(403);
      expect(
        (await send('viewer', 'POST', `/${claim.id}/events`, { body: 'x', internal: true }))
          .statusCode,
      ).toBe(403);

      const note = await send('staff', 'POST', `/${claim.id}/events`, {
        body: text,
        internal: true,
      });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ kind: 'internal_note', internal: true, body: text });

      const comment = await send('staff', 'POST', `/${claim.id}/events`, {
        body: 'Looking at it.',
      });
      expect(comment.json()).toMatchObject({ kind: 'comment', internal: false });
      expect(
        (await send('manager', 'POST', `/${claim.id}/events`, { body: 'Thanks.', internal: false }))
          .statusCode,
      ).toBe(201);

      // The version stays.
      expect((await client.get('manager', claim.id)).json()).toMatchObject({
        version: claim.version,
      });
      const staffView = await eventsAs('staff', claim.id);
      expect(staffView.map((event) => event.kind)).toEqual([
        'created',
        'transition',
        'internal_note',
        'comment',
        'comment',
      ]);
      const memberView = await eventsAs('viewer', claim.id);
      expect(memberView.map((event) => event.kind)).toEqual([
        'created',
        'transition',
        'comment',
        'comment',
      ]);
    });
  });

  describe('the assignee’s notice', () => {
    it('e-mails the assignee when the partner answers or withdraws: the claim, partner, answer and link, never a note', async () => {
      const claim = await claimIn('in_review');
      expect((await assign('staff', claim.id, reviewer.id)).statusCode).toBe(200);
      const note = `Internal: the partner filed this twice ${randomUUID()}`;
      secrets.push(note);
      expect(
        (await send('staff', 'POST', `/${claim.id}/events`, { body: note, internal: true }))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await client.transition(
            'staff',
            claim.id,
            { action: 'request_info', message: 'Send the packing list.' },
            3,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await client.transition(
            'manager',
            claim.id,
            { action: 'respond', message: 'Attached the packing list.' },
            4,
          )
        ).statusCode,
      ).toBe(200);

      const withdrawn = await claimIn('submitted');
      expect((await assign('staff', withdrawn.id, reviewer.id)).statusCode).toBe(200);
      expect(
        (await client.transition('manager', withdrawn.id, { action: 'withdraw' }, 2)).statusCode,
      ).toBe(200);

      const toReviewer = (await mails()).filter(
        (mail) =>
          mail.to.includes(reviewer.email) &&
          (mail.subject.includes(claim.number) || mail.subject.includes(withdrawn.number)),
      );
      const subject = (number: string) =>
        toReviewer.filter((mail) => mail.subject.includes(`Claim ${number} `));
      expect(toReviewer.map((mail) => mail.subject).sort()).toEqual([
        `Claim ${claim.number} of ${world.partner.name}: information request answered`,
        `Claim ${withdrawn.number} of ${world.partner.name}: withdrawn`,
      ]);
      const [answered] = subject(claim.number);
      const [gone] = subject(withdrawn.number);
      expect(answered?.text).toContain('Attached the packing list.');
      expect(answered?.text).toContain(
        `${TEST_PUBLIC_URL}/${world.partner.slug}/claims/${claim.id}`,
      );
      expect(gone?.text).toContain(
        `${TEST_PUBLIC_URL}/${world.partner.slug}/claims/${withdrawn.id}`,
      );
      for (const mail of toReviewer) expect(mail.text).not.toContain(note);
    });
  });

  describe('the second approval as the partner sees it', () => {
    it('a pending first approval is staff’s alone: no event, field or e-mail for the partner', async () => {
      // 500 units of 2.50: 1,250.00 EUR, above the default SECOND_APPROVAL_ABOVE (1,000.00).
      const claim = await claimIn('in_review', 500);
      const first = await client.transition(
        'staff',
        claim.id,
        { action: 'approve', amountApproved: 120_000, message: 'Looks right to me.' },
        3,
      );
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        status: 'in_review',
        version: 4,
        pendingApproval: { by: { id: world.userIds.staff } },
      });
      expect(first.json<ClaimJson>().allowedActions).not.toContain('approve');
      // The first approver cannot complete it; more than the pending amount is refused.
      const again = await client.transition(
        'staff',
        claim.id,
        { action: 'approve', amountApproved: 120_000 },
        4,
      );
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ code: 'separation_of_duties' });
      const more = await reviewer.client.transition(
        'staff',
        claim.id,
        { action: 'approve', amountApproved: 120_001 },
        4,
      );
      expect(more.statusCode).toBe(400);
      expect(more.json()).toMatchObject({
        code: 'validation',
        errors: [expect.objectContaining({ field: 'amountApproved' })],
      });

      const asMember = (await client.get('manager', claim.id)).json<ClaimJson>();
      expect(asMember).toMatchObject({ status: 'in_review', version: 4 });
      expect(asMember).not.toHaveProperty('pendingApproval');
      expect((await eventsAs('manager', claim.id)).map((event) => event.kind)).not.toContain(
        'approval_requested',
      );
      const approvalRequested = (await eventsAs('staff', claim.id)).find(
        (event) => event.kind === 'approval_requested',
      );
      expect(approvalRequested).toMatchObject({ internal: true });
      expect(approvalRequested?.body).toContain('1200.00 EUR');
      secrets.push('Looks right to me.');
      // No e-mail to the creator about the pending approval.
      const creatorMails = (await mails()).filter((mail) => mail.to.includes(world.emails.manager));
      expect(
        creatorMails.some((mail) => mail.subject.startsWith(`Claim ${claim.number}: approved`)),
      ).toBe(false);

      const done = await reviewer.client.transition(
        'staff',
        claim.id,
        { action: 'approve', amountApproved: 100_000 },
        4,
      );
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        status: 'approved',
        version: 5,
        amountApproved: { amount: 100_000 },
        pendingApproval: null,
      });
      const approvedMails = (await mails()).filter(
        (mail) =>
          mail.to.includes(world.emails.manager) &&
          mail.subject === `Claim ${claim.number}: approved`,
      );
      expect(approvedMails).toHaveLength(1);

      // Both approvals are audited: the first with the pending amount, by its approver.
      const audit = (await dataSource.query(
        `SELECT action, actor_user_id, metadata FROM audit_logs
          WHERE partner_id = $1 AND target = $2 ORDER BY at, id`,
        [world.partner.id, `claim:${claim.id}`],
      )) as Array<{ action: string; actor_user_id: string; metadata: Record<string, unknown> }>;
      expect(audit).toEqual([
        {
          action: 'claim.approval_requested',
          actor_user_id: world.userIds.staff,
          metadata: { number: claim.number, amountApproved: 120_000, currency: 'EUR' },
        },
        {
          action: 'claim.approved',
          actor_user_id: reviewer.id,
          metadata: { number: claim.number, amountApproved: 100_000, currency: 'EUR' },
        },
      ]);
    });
  });

  describe('what a partner’s member never sees', () => {
    it('no staff-only event or field in JSON, CSV, the overview’s feed or any e-mail', async () => {
      // A claim with every staff-only event kind, and the partner's last activity.
      const claim = await claimIn('in_review', 500);
      expect((await assign('staff', claim.id, reviewer.id)).statusCode).toBe(200);
      const note = `Internal: overview must not show this ${randomUUID()}`;
      secrets.push(note);
      expect(
        (await send('reviewer', 'POST', `/${claim.id}/events`, { body: note, internal: true }))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await client.transition(
            'staff',
            claim.id,
            { action: 'approve', amountApproved: 110_000 },
            3,
          )
        ).statusCode,
      ).toBe(200);
      const kinds = (
        (await dataSource.query(`SELECT DISTINCT kind FROM claim_events WHERE partner_id = $1`, [
          world.partner.id,
        ])) as Array<{ kind: string }>
      ).map((row) => row.kind);
      expect(kinds).toEqual(expect.arrayContaining([...STAFF_ONLY_EVENT_KINDS]));

      for (const who of ['viewer', 'manager', 'admin'] as const) {
        // The claim and the list: none of the staff's fields.
        const one = await send(who, 'GET', `/${claim.id}`);
        const list = await send(who, 'GET', `?limit=100`);
        for (const body of [
          one.json<Record<string, unknown>>(),
          ...list.json<{ items: Array<Record<string, unknown>> }>().items,
        ]) {
          expect(body).not.toHaveProperty('assignee');
          expect(body).not.toHaveProperty('waitingSince');
          expect(body).not.toHaveProperty('pendingApproval');
        }
        // Every claim's timeline: no staff-only event.
        const ids = list.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id);
        for (const id of ids) {
          const events = await eventsAs(who, id);
          expect(events.filter((event) => event.internal)).toEqual([]);
          expect(
            events.filter((event) =>
              (STAFF_ONLY_EVENT_KINDS as readonly string[]).includes(event.kind),
            ),
          ).toEqual([]);
        }
        const csv = await send(who, 'GET', '.csv');
        expect(csv.statusCode).toBe(200);
        const overview = await api.request({
          method: 'GET',
          url: `/api/partners/${world.partner.slug}/overview`,
          headers: { authorization: `Bearer ${world.tokens[who]}` },
        });
        expect(overview.statusCode).toBe(200);
        const feed = overview.json<{ recentActivity: Array<{ summary: string }> }>().recentActivity;
        expect(feed.length).toBeGreaterThan(0);
        for (const text of [one.body, list.body, csv.body, JSON.stringify(feed)]) {
          for (const secret of secrets) expect(text).not.toContain(secret);
        }
      }
      // The overview's feed shows the partner's activity, not the staff's: the latest entry is the
      // start of the review, not the note, the assignment or the pending approval after it.
      const overview = await api.request({
        method: 'GET',
        url: `/api/partners/${world.partner.slug}/overview`,
        headers: { authorization: `Bearer ${world.tokens.manager}` },
      });
      expect(overview.json<{ recentActivity: unknown[] }>().recentActivity[0]).toMatchObject({
        kind: 'claim_transition',
        status: 'in_review',
        claim: { id: claim.id },
      });

      // No e-mail to a partner's member carries a staff-only text.
      const memberEmails = [world.emails.viewer, world.emails.manager, world.emails.admin];
      const toMembers = (await mails()).filter((mail) =>
        mail.to.some((to) => memberEmails.includes(to)),
      );
      expect(toMembers.length).toBeGreaterThan(0);
      for (const mail of toMembers) {
        for (const secret of secrets) expect(`${mail.subject}\n${mail.text}`).not.toContain(secret);
        expect(mail.text).not.toMatch(/first approval|assign/i);
      }
    });
  });
});
