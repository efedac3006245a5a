import { jest } from '@jest/globals';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '#src/auth/password-hasher.js';
import { MailService } from '#src/mail/mail.service.js';
import { DigestService } from '#src/notifications/digest.service.js';
import { type ClaimsWorld, claimsClient, claimsWorld, draftBody } from './support/claims-api.js';
import { insertClaim } from './support/claim-fixtures.js';
import {
  CHEAP_ARGON2,
  createUser,
  DEMO_PASSWORD,
  type Session,
  signIn,
} from './support/identity.js';
import { createPartner, insertItems } from './support/inventory.js';
import { jobsSettled } from './support/jobs.js';
import { type TestApp, TEST_PUBLIC_URL, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface Mail {
  to: Array<{ address: string }>;
  subject: string;
  text: string;
}

interface PartnerChoices {
  slug: string;
  name: string;
  claimUpdates: string;
  filingDeadlines: string;
  lowStock: string;
}

const DEFAULTS = {
  claimUpdates: 'instant',
  filingDeadlines: 'daily_digest',
  lowStock: 'daily_digest',
};

/**
 * Notification preferences (docs/api.md, `GET/PUT /api/me/notifications`; docs/product.md,
 * Notification preferences): the contract, the claim e-mails that honour them, and the daily digest.
 */
describe('notifications', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let outbox: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    outbox = await mkdtemp(path.join(tmpdir(), 'notifications-outbox-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: {
        ...CHEAP_ARGON2,
        MAIL_OUTBOX_DIR: outbox,
        // The in-memory PGlite's connections share one session: statements this file runs at once
        // (concurrent digests, the reset mail sent after its answer) would prepare one name twice.
        // The product's embedded database sends them unnamed too (bff/README.md, Data access).
        ...(process.env.TEST_DATABASE_URL ? {} : { DATABASE_PREPARED_STATEMENTS: 'false' }),
      },
    });
    dataSource = api.app.get(DataSource);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  /** The messages delivered to `email` once the queue has sent every e-mail enqueued so far. */
  async function mailsTo(email: string): Promise<Mail[]> {
    await jobsSettled(api.app);
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.json')).sort();
    const mails = await Promise.all(
      files.map(
        async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as Mail,
      ),
    );
    return mails.filter((mail) => mail.to.some((to) => to.address === email));
  }

  describe('GET/PUT /api/me/notifications', () => {
    let session: Session;
    let first: { slug: string };
    let second: { slug: string };
    let foreign: { slug: string };
    let email: string;

    beforeAll(async () => {
      first = await createPartner(dataSource, 'aaa-prefs');
      second = await createPartner(dataSource, 'bbb-prefs');
      foreign = await createPartner(dataSource, 'ccc-prefs');
      email = `prefs-${randomUUID().slice(0, 8)}@prefs.test`;
      const hash = await api.app.get(PasswordHasher).hash(DEMO_PASSWORD);
      await createUser(dataSource, email, hash, [
        { slug: first.slug, role: 'viewer' },
        { slug: second.slug, role: 'admin' },
      ]);
      session = await signIn(api, email);
    });

    const get = () =>
      api.request({
        method: 'GET',
        url: '/api/me/notifications',
        headers: { cookie: session.cookie },
      });
    const put = (payload: unknown, headers: Record<string, string> = {}) =>
      api.request({
        method: 'PUT',
        url: '/api/me/notifications',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...headers },
        payload: payload as object,
      });

    it('answers every partner of the caller with the defaults when nothing was saved', async () => {
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      const body = response.json<{ partners: PartnerChoices[] }>();
      expect(body.partners.map((partner) => partner.slug)).toEqual([first.slug, second.slug]);
      for (const partner of body.partners) expect(partner).toMatchObject(DEFAULTS);
    });

    it('PUT saves a subset of the partners and leaves the others, and the choices left out, as they were', async () => {
      const response = await put({
        partners: [{ slug: second.slug, claimUpdates: 'off', lowStock: 'off' }],
      });
      expect(response.statusCode).toBe(200);
      const expected = [
        { slug: first.slug, ...DEFAULTS },
        {
          slug: second.slug,
          claimUpdates: 'off',
          filingDeadlines: 'daily_digest',
          lowStock: 'off',
        },
      ];
      expect(response.json<{ partners: PartnerChoices[] }>().partners).toMatchObject(expected);
      expect((await get()).json<{ partners: PartnerChoices[] }>().partners).toMatchObject(expected);

      const again = await put({
        partners: [
          {
            slug: second.slug,
            claimUpdates: 'instant',
            filingDeadlines: 'off',
            lowStock: 'daily_digest',
          },
        ],
      });
      expect(again.json<{ partners: PartnerChoices[] }>().partners[1]).toMatchObject({
        claimUpdates: 'instant',
        filingDeadlines: 'off',
        lowStock: 'daily_digest',
      });
    });

    it('answers 400 validation for a bad value, an unknown field, a missing list and a partner named twice', async () => {
      const before = (await get()).body;
      const bodies: Record<string, unknown> = {
        'bad claimUpdates': { partners: [{ slug: first.slug, claimUpdates: 'daily_digest' }] },
        'bad lowStock': { partners: [{ slug: first.slug, lowStock: 'instant' }] },
        'bad filingDeadlines': { partners: [{ slug: first.slug, filingDeadlines: true }] },
        'unknown field in an entry': { partners: [{ slug: first.slug, sms: 'on' }] },
        'unknown top-level field': { partners: [], everything: 'off' },
        'no partners': {},
        'partners not a list': { partners: { slug: first.slug } },
        'no slug': { partners: [{ claimUpdates: 'off' }] },
        'named twice': {
          partners: [
            { slug: first.slug, claimUpdates: 'off' },
            { slug: first.slug, claimUpdates: 'instant' },
          ],
        },
      };
      for (const [what, body] of Object.entries(bodies)) {
        const response = await put(body);
        expect([what, response.statusCode, response.json<{ code: string }>().code]).toEqual([
          what,
          400,
          'validation',
        ]);
      }
      expect((await get()).body).toBe(before);
    });

    it('answers a partner the caller does not belong to (or none at all) as any non-member: 404, nothing saved', async () => {
      const before = (await get()).body;
      for (const slug of [foreign.slug, 'no-such-partner']) {
        const response = await put({
          partners: [
            { slug: first.slug, claimUpdates: 'off' },
            { slug, claimUpdates: 'off' },
          ],
        });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ code: string }>().code).toBe('not_found');
        // The same answer as the partner routes give a non-member.
        const partnerRoute = await api.request({
          url: `/api/partners/${slug}`,
          headers: { cookie: session.cookie },
        });
        expect(partnerRoute.statusCode).toBe(404);
        expect(response.json<{ detail: string }>().detail).toBe(
          partnerRoute.json<{ detail: string }>().detail,
        );
      }
      expect((await get()).body).toBe(before);
      const rows = (await dataSource.query(
        `SELECT count(*)::int AS n FROM notification_preferences WHERE partner_id = $1`,
        [(await dataSource.query(`SELECT id FROM partners WHERE slug = $1`, [foreign.slug]))[0].id],
      )) as Array<{ n: number }>;
      expect(rows[0]?.n).toBe(0);
    });

    it('answers 401 without a session and 403 csrf without the token or from a foreign origin', async () => {
      const anonymousGet = await api.request({ method: 'GET', url: '/api/me/notifications' });
      expect(anonymousGet.statusCode).toBe(401);
      const anonymousPut = await api.request({
        method: 'PUT',
        url: '/api/me/notifications',
        payload: { partners: [] },
      });
      expect(anonymousPut.statusCode).toBe(401);

      const before = (await get()).body;
      const change = { partners: [{ slug: first.slug, claimUpdates: 'off' }] };
      const noToken = await api.request({
        method: 'PUT',
        url: '/api/me/notifications',
        headers: { cookie: session.cookie },
        payload: change,
      });
      expect([noToken.statusCode, noToken.json<{ code: string }>().code]).toEqual([403, 'csrf']);
      const wrongToken = await put(change, { 'x-csrf-token': 'not-the-token' });
      expect([wrongToken.statusCode, wrongToken.json<{ code: string }>().code]).toEqual([
        403,
        'csrf',
      ]);
      const crossSite = await put(change, { 'sec-fetch-site': 'cross-site' });
      expect([crossSite.statusCode, crossSite.json<{ code: string }>().code]).toEqual([
        403,
        'csrf',
      ]);
      expect((await get()).body).toBe(before);
    });
  });

  describe('the settings link of every e-mail', () => {
    /** The mails to `email` once `count` have come (the reset link is sent after the answer). */
    async function awaitMails(email: string, count: number): Promise<Mail[]> {
      let mails: Mail[] = [];
      for (let attempt = 0; attempt < 100 && mails.length < count; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mails = await mailsTo(email);
      }
      return mails;
    }

    const secretsOf = (mail: Mail | undefined) => {
      for (const match of (mail?.text ?? '').matchAll(/token=([A-Za-z0-9_-]+)/g)) {
        if (match[1] !== undefined) api.secrets.add(match[1]);
      }
    };

    it('a reset link links the settings of the person’s first partner by name, and none without a partner', async () => {
      const first = await createPartner(dataSource, 'aaa-link');
      const second = await createPartner(dataSource, 'bbb-link');
      const member = `link-${randomUUID().slice(0, 8)}@prefs.test`;
      const loner = `loner-${randomUUID().slice(0, 8)}@prefs.test`;
      await createUser(dataSource, member, 'unused', [
        { slug: second.slug, role: 'viewer' },
        { slug: first.slug, role: 'viewer' },
      ]);
      await createUser(dataSource, loner, 'unused', [], { isStaff: true });
      for (const address of [member, loner]) {
        const response = await api.request({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: address },
          remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.1`,
        });
        expect(response.statusCode).toBe(202);
      }
      const [toMember] = await awaitMails(member, 1);
      const [toLoner] = await awaitMails(loner, 1);
      secretsOf(toMember);
      secretsOf(toLoner);
      expect(toMember?.text).toContain(
        `Choose which e-mails you get: ${TEST_PUBLIC_URL}/${first.slug}/settings/notifications`,
      );
      expect(toMember?.text).not.toContain(second.slug);
      expect(toLoner?.subject).toBe('Reset your partner portal password');
      expect(toLoner?.text).not.toContain('settings/notifications');
    });

    it('an invitation links the inviting partner’s settings', async () => {
      const admin = `inviter-${randomUUID().slice(0, 8)}@prefs.test`;
      const partner = await createPartner(dataSource, 'invite-link');
      const hash = await api.app.get(PasswordHasher).hash(DEMO_PASSWORD);
      await createUser(dataSource, admin, hash, [{ slug: partner.slug, role: 'admin' }]);
      const session = await signIn(api, admin);
      const invitee = `invitee-${randomUUID().slice(0, 8)}@prefs.test`;
      const response = await api.request({
        method: 'POST',
        url: `/api/partners/${partner.slug}/invitations`,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        payload: { email: invitee, role: 'viewer' },
      });
      expect(response.statusCode).toBe(201);
      const [mail] = await awaitMails(invitee, 1);
      secretsOf(mail);
      expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/${partner.slug}/settings/notifications`);
    });
  });

  describe('claim e-mails', () => {
    let world: ClaimsWorld;
    let client: ReturnType<typeof claimsClient>;

    beforeAll(async () => {
      world = await claimsWorld(api, dataSource, 'claim-mail');
      client = claimsClient(api, world);
    });

    const setClaimUpdates = (userId: string, choice: 'instant' | 'off') =>
      dataSource.query(
        `INSERT INTO notification_preferences (partner_id, user_id, claim_updates, filing_deadlines, low_stock, updated_at)
         VALUES ($1, $2, $3, 'daily_digest', 'daily_digest', now())
         ON CONFLICT (partner_id, user_id) DO UPDATE SET claim_updates = EXCLUDED.claim_updates`,
        [world.partner.id, userId, choice],
      );

    async function walk(
      claimId: string,
      steps: Array<['manager' | 'staff' | 'admin', Record<string, unknown>]>,
    ) {
      let version = 1;
      for (const [who, payload] of steps) {
        const response = await client.transition(who, claimId, payload, version);
        expect(response.statusCode).toBe(200);
        version += 1;
      }
    }

    it('never e-mails the person who made the change, and e-mails the creator with the settings link', async () => {
      await setClaimUpdates(world.userIds.manager, 'instant');
      const created = await client.create('manager', draftBody(world));
      const claim = created.json<{ id: string; number: string }>();
      await walk(claim.id, [
        ['manager', { action: 'submit' }],
        ['staff', { action: 'start_review' }],
      ]);
      const mails = (await mailsTo(world.emails.manager)).filter((mail) =>
        mail.subject.includes(claim.number),
      );
      // The manager's own submit sent nothing; the staff's start of review did.
      expect(mails.map((mail) => mail.subject)).toEqual([`Claim ${claim.number}: in review`]);
      expect(mails[0]?.text).toContain(
        `${TEST_PUBLIC_URL}/${world.partner.slug}/settings/notifications`,
      );
      // Nobody else (the staff member who acted included) got an e-mail about the claim.
      for (const email of [world.emails.staff, world.emails.admin, world.emails.viewer]) {
        expect(
          (await mailsTo(email)).filter((mail) => mail.subject.includes(claim.number)),
        ).toEqual([]);
      }
    });

    it('sends the assignee nothing about an answer while their claim updates are off for the partner', async () => {
      const claim = (await client.create('manager', draftBody(world))).json<{
        id: string;
        number: string;
      }>();
      await walk(claim.id, [
        ['manager', { action: 'submit' }],
        ['staff', { action: 'start_review' }],
      ]);
      const assigned = await client.send('staff', 'PUT', `/${claim.id}/assignee`, {
        payload: { userId: world.userIds.staff },
      });
      expect(assigned.statusCode).toBe(200);
      const version = assigned.json<{ version: number }>().version;
      expect(
        (
          await client.transition(
            'staff',
            claim.id,
            { action: 'request_info', message: 'Q?' },
            version,
          )
        ).statusCode,
      ).toBe(200);
      await setClaimUpdates(world.userIds.staff, 'off');
      expect(
        (
          await client.transition(
            'admin',
            claim.id,
            { action: 'respond', message: 'A.' },
            version + 1,
          )
        ).statusCode,
      ).toBe(200);
      const about = async () =>
        (await mailsTo(world.emails.staff)).filter((mail) => mail.subject.includes(claim.number));
      expect(await about()).toEqual([]);

      // Instant again: the next answer reaches the assignee, with the settings link.
      await setClaimUpdates(world.userIds.staff, 'instant');
      expect(
        (
          await client.transition(
            'staff',
            claim.id,
            { action: 'request_info', message: 'Q2?' },
            version + 2,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await client.transition(
            'admin',
            claim.id,
            { action: 'respond', message: 'A2.' },
            version + 3,
          )
        ).statusCode,
      ).toBe(200);
      const mails = await about();
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Claim ${claim.number} of ${world.partner.name}: information request answered`,
      ]);
      expect(mails[0]?.text).toContain(
        `${TEST_PUBLIC_URL}/${world.partner.slug}/settings/notifications`,
      );
    });

    it('sends the creator nothing while their claim updates are off, and again once instant', async () => {
      await setClaimUpdates(world.userIds.manager, 'off');
      const claim = (await client.create('manager', draftBody(world))).json<{
        id: string;
        number: string;
      }>();
      await walk(claim.id, [
        ['manager', { action: 'submit' }],
        ['staff', { action: 'start_review' }],
        ['staff', { action: 'request_info', message: 'Which shipment?' }],
      ]);
      const about = async () =>
        (await mailsTo(world.emails.manager)).filter((mail) => mail.subject.includes(claim.number));
      expect(await about()).toEqual([]);

      await setClaimUpdates(world.userIds.manager, 'instant');
      const response = await client.transition(
        'admin',
        claim.id,
        { action: 'respond', message: 'SH-1' },
        4,
      );
      expect(response.statusCode).toBe(200);
      expect((await about()).map((mail) => mail.subject)).toEqual([
        `Claim ${claim.number}: information request answered`,
      ]);
    });
  });

  describe('DigestService.sendDue', () => {
    /** 07:30 UTC on 4 March 2030: 08:30 in Berlin (UTC+1), 02:30 in New York (UTC−5). */
    const MORNING = new Date('2030-03-04T07:30:00Z');
    const DAY = '2030-03-04';

    const addDays = (day: string, days: number) => {
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };

    /** A partner with one member (viewer) besides claimsWorld's, in `timeZone`. */
    async function digestWorld(prefix: string, timeZone: string) {
      const world = await claimsWorld(api, dataSource, prefix, { timeZone });
      return world;
    }

    /** A draft whose window closes `daysLeft` days after DAY (incident date + 60). */
    const draftClosingIn = (world: ClaimsWorld, daysLeft: number) =>
      insertClaim(dataSource, world.partner.id, {
        itemId: world.item.id,
        incidentDate: addDays(DAY, daysLeft - 60),
        createdByUserId: world.userIds.manager,
      });

    /** An unclaimed loss on a partner day whose window closes `daysLeft` days after DAY. */
    async function lossClosingIn(
      world: ClaimsWorld,
      daysLeft: number,
      kind: 'loss' | 'damage' = 'loss',
    ): Promise<string> {
      // Noon of that day in UTC: the same calendar day in Berlin and New York.
      const occurredAt = new Date(`${addDays(DAY, daysLeft - 60)}T12:00:00Z`);
      const rows = (await dataSource.query(
        `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at, recorded_at)
         VALUES ($1, $2, $4, -3, $3, $3) RETURNING id`,
        [world.partner.id, world.item.id, occurredAt, kind],
      )) as Array<{ id: string }>;
      return rows[0]?.id ?? '';
    }

    const digestsTo = async (world: ClaimsWorld, who: 'viewer' | 'manager' | 'admin') =>
      (await mailsTo(world.emails[who])).filter((mail) =>
        mail.subject.includes(world.partner.name),
      );

    const setPreferences = (
      world: ClaimsWorld,
      who: 'viewer' | 'manager' | 'admin',
      choices: Record<string, string>,
    ) =>
      dataSource.query(
        `INSERT INTO notification_preferences (partner_id, user_id, claim_updates, filing_deadlines, low_stock, updated_at)
         VALUES ($1, $2, 'instant', $3, $4, now())`,
        [
          world.partner.id,
          world.userIds[who],
          choices.filingDeadlines ?? 'daily_digest',
          choices.lowStock ?? 'daily_digest',
        ],
      );

    it('lists the drafts, losses and damages whose window closes in exactly 7, 3 or 1 days (not 2), with links', async () => {
      const world = await digestWorld('digest-days', 'Europe/Berlin');
      const drafts = {
        7: await draftClosingIn(world, 7),
        3: await draftClosingIn(world, 3),
        2: await draftClosingIn(world, 2),
        1: await draftClosingIn(world, 1),
      };
      const losses = {
        7: await lossClosingIn(world, 7),
        2: await lossClosingIn(world, 2),
        1: await lossClosingIn(world, 1),
      };
      await lossClosingIn(world, 3, 'damage');
      await lossClosingIn(world, 2, 'damage');
      await api.app.get(DigestService).sendDue(MORNING);
      const [digest, ...more] = await digestsTo(world, 'viewer');
      expect(more).toEqual([]);
      if (digest === undefined) throw new Error('no digest');
      expect(digest.subject).toContain(DAY);
      const number = (n: number) => `CLM-${String(n).padStart(6, '0')}`;
      const base = `${TEST_PUBLIC_URL}/${world.partner.slug}`;
      for (const days of [7, 3, 1] as const) {
        expect(digest.text).toContain(
          `Draft claim ${number(drafts[days].number)} (${world.item.sku} ${world.item.name}): closes in ${days === 1 ? '1 day' : `${days} days`} (last day ${addDays(DAY, days)}). ${base}/claims/${drafts[days].id}`,
        );
      }
      expect(digest.text).not.toContain(number(drafts[2].number));
      expect(digest.text).not.toContain(addDays(DAY, 2));
      const lossLines = digest.text
        .split('\n')
        .filter((line) => line.startsWith('- Unclaimed loss'));
      expect(lossLines).toEqual([
        `- Unclaimed loss of 3 (${world.item.sku} ${world.item.name}): closes in 1 day (last day ${addDays(DAY, 1)}). ${base}/inventory/${world.item.id}`,
        `- Unclaimed loss of 3 (${world.item.sku} ${world.item.name}): closes in 7 days (last day ${addDays(DAY, 7)}). ${base}/inventory/${world.item.id}`,
      ]);
      expect(losses[2]).toEqual(expect.any(String));
      expect(
        digest.text.split('\n').filter((line) => line.startsWith('- Unclaimed damage')),
      ).toEqual([
        `- Unclaimed damage of 3 (${world.item.sku} ${world.item.name}): closes in 3 days (last day ${addDays(DAY, 3)}). ${base}/inventory/${world.item.id}`,
      ]);
      expect(digest.text).toContain(`${base}/settings/notifications`);
      // Every member who wants it gets one; the same content.
      expect(await digestsTo(world, 'manager')).toHaveLength(1);
      expect(await digestsTo(world, 'admin')).toHaveLength(1);
    });

    it('lists the items that became low or out since the last digest, and not those already so', async () => {
      const world = await digestWorld('digest-stock', 'Europe/Berlin');
      // Deadlines off for everyone: only stock is said.
      for (const who of ['viewer', 'manager', 'admin'] as const) {
        await setPreferences(world, who, { filingDeadlines: 'off' });
      }
      const tag = randomUUID().slice(0, 6);
      const items = await insertItems(dataSource, world.partner.id, [
        { sku: `FELL-${tag}`, onHand: 5, reorderPoint: 10 },
        { sku: `EMPTY-${tag}`, onHand: 0, reorderPoint: 10 },
        { sku: `STILL-${tag}`, onHand: 4, reorderPoint: 10 },
        { sku: `FINE-${tag}`, onHand: 50, reorderPoint: 10 },
      ]);
      // insertItems answers the rows in no particular order.
      const bySku = (prefix: string) => items.find((item) => item.sku === `${prefix}-${tag}`);
      const [fell, emptied, stillLow, fine] = ['FELL', 'EMPTY', 'STILL', 'FINE'].map(bySku);
      if (!fell || !emptied || !stillLow || !fine) throw new Error('no items');
      const shipped = new Date(MORNING.getTime() - 3 * 3600_000);
      const move = (itemId: string, quantity: number, at: Date) =>
        dataSource.query(
          `INSERT INTO inventory_movements (partner_id, item_id, kind, quantity, occurred_at, recorded_at)
           VALUES ($1, $2, $3, $4, $5, $5)`,
          [world.partner.id, itemId, quantity < 0 ? 'shipment' : 'receipt', quantity, at],
        );
      await move(fell.id, -20, shipped); // 25 → 5: in → low
      await move(emptied.id, -3, shipped); // 3 → 0: low → out
      await move(stillLow.id, -1, shipped); // 5 → 4: low → low
      await move(fine.id, -10, shipped); // 60 → 50: in → in
      // Before the window (the first digest looks back one day): not reported.
      const [old] = await insertItems(dataSource, world.partner.id, [
        { sku: `OLD-${tag}`, onHand: 0, reorderPoint: 10 },
      ]);
      if (!old) throw new Error('no item');
      await move(old.id, -30, new Date(MORNING.getTime() - 30 * 3600_000));

      await api.app.get(DigestService).sendDue(MORNING);
      const [digest, ...more] = await digestsTo(world, 'viewer');
      expect(more).toEqual([]);
      if (digest === undefined) throw new Error('no digest');
      const lines = digest.text.split('\n').filter((line) => line.startsWith('- '));
      expect(lines).toEqual([
        `- EMPTY-${tag} Item EMPTY-${tag}: out of stock (0 available, reorder point 10). ${TEST_PUBLIC_URL}/${world.partner.slug}/inventory/${emptied.id}`,
        `- FELL-${tag} Item FELL-${tag}: low (5 available, reorder point 10). ${TEST_PUBLIC_URL}/${world.partner.slug}/inventory/${fell.id}`,
      ]);

      // The next day counts from this digest: the same items are not reported again.
      const nextMorning = new Date(MORNING.getTime() + 24 * 3600_000);
      const [tomorrow] = await insertItems(dataSource, world.partner.id, [
        { sku: `NEXT-${tag}`, onHand: 0, reorderPoint: 10 },
      ]);
      if (!tomorrow) throw new Error('no item');
      await move(tomorrow.id, -2, new Date(nextMorning.getTime() - 3600_000));
      await api.app.get(DigestService).sendDue(nextMorning);
      const digests = await digestsTo(world, 'viewer');
      expect(digests).toHaveLength(2);
      expect(digests[1]?.text.split('\n').filter((line) => line.startsWith('- '))).toEqual([
        `- NEXT-${tag} Item NEXT-${tag}: out of stock (0 available, reorder point 10). ${TEST_PUBLIC_URL}/${world.partner.slug}/inventory/${tomorrow.id}`,
      ]);
    });

    it('sends nothing when there is nothing to say, and records the day', async () => {
      const world = await digestWorld('digest-quiet', 'Europe/Berlin');
      await draftClosingIn(world, 2);
      const outcome = await api.app.get(DigestService).sendDue(MORNING);
      expect(outcome.failed).toBe(0);
      for (const who of ['viewer', 'manager', 'admin'] as const) {
        expect(await digestsTo(world, who)).toEqual([]);
      }
      const runs = (await dataSource.query(
        `SELECT local_day::text AS day, sent FROM digest_runs WHERE partner_id = $1`,
        [world.partner.id],
      )) as Array<{ day: string; sent: boolean }>;
      expect(runs).toEqual([
        { day: DAY, sent: false },
        { day: DAY, sent: false },
        { day: DAY, sent: false },
      ]);
    });

    it('follows each partner’s time zone: Berlin at 08:30 is due, New York at 02:30 is not until its 08:00', async () => {
      const berlin = await digestWorld('digest-berlin', 'Europe/Berlin');
      const newYork = await digestWorld('digest-ny', 'America/New_York');
      await draftClosingIn(berlin, 3);
      await draftClosingIn(newYork, 3);
      await api.app.get(DigestService).sendDue(MORNING);
      expect(await digestsTo(berlin, 'viewer')).toHaveLength(1);
      expect(await digestsTo(newYork, 'viewer')).toEqual([]);

      // 07:59 in New York (12:59 UTC): still not due.
      await api.app.get(DigestService).sendDue(new Date('2030-03-04T12:59:00Z'));
      expect(await digestsTo(newYork, 'viewer')).toEqual([]);
      // 08:00 in New York (13:00 UTC): due, for its own day.
      await api.app.get(DigestService).sendDue(new Date('2030-03-04T13:00:00Z'));
      const [digest] = await digestsTo(newYork, 'viewer');
      expect(digest?.subject).toContain(DAY);
      expect(digest?.text).toContain('closes in 3 days');
      expect(await digestsTo(berlin, 'viewer')).toHaveLength(1);
    });

    // Needs a real server: the in-memory PGlite's connections share one session, which cannot take
    // statements from several connections at the same moment (what this test is about).
    const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;

    onServer(
      'two BFF instances on one database, each sending the due digests at once, send one digest per person per day',
      async () => {
        const world = await digestWorld('digest-race', 'Europe/Berlin');
        await draftClosingIn(world, 7);
        // A second instance of the BFF on the same database (its own pool, job queue and worker).
        const other = await startTestApp({
          databaseUrl: database.url,
          env: { ...CHEAP_ARGON2, MAIL_OUTBOX_DIR: outbox },
        });
        // Slow transactions: each call has read who is due before the first has committed its claim,
        // so the day's key, not the read, must keep the other calls from sending again.
        const slowed = [api, other].map((instance) => {
          const mail = instance.app.get(MailService);
          const enqueue = mail.enqueue.bind(mail);
          return jest.spyOn(mail, 'enqueue').mockImplementation(async (manager, message) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return enqueue(manager, message);
          });
        });
        let outcomes;
        try {
          outcomes = await Promise.all([
            api.app.get(DigestService).sendDue(MORNING),
            other.app.get(DigestService).sendDue(MORNING),
            other.app.get(DigestService).sendDue(new Date(MORNING.getTime() + 60_000)),
          ]);
          await jobsSettled(other.app);
        } finally {
          for (const spy of slowed) spy.mockRestore();
          await other.close();
        }
        expect(outcomes.every((outcome) => outcome.failed === 0)).toBe(true);
        // Three people due, each claimed by exactly one of the calls.
        expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(3);
        for (const who of ['viewer', 'manager', 'admin'] as const) {
          expect(await digestsTo(world, who)).toHaveLength(1);
        }
        // Later the same day: nothing new.
        await api.app.get(DigestService).sendDue(new Date(MORNING.getTime() + 6 * 3600_000));
        expect(await digestsTo(world, 'viewer')).toHaveLength(1);
      },
    );

    it('sends none to a person who turned both digests off, and only the part a person wants', async () => {
      const world = await digestWorld('digest-optout', 'Europe/Berlin');
      await setPreferences(world, 'viewer', { filingDeadlines: 'off', lowStock: 'off' });
      await setPreferences(world, 'manager', { filingDeadlines: 'off' });
      await draftClosingIn(world, 1);
      await api.app.get(DigestService).sendDue(MORNING);
      expect(await digestsTo(world, 'viewer')).toEqual([]);
      // Deadlines off and no stock change: nothing to say to the manager either.
      expect(await digestsTo(world, 'manager')).toEqual([]);
      expect(await digestsTo(world, 'admin')).toHaveLength(1);
      const viewerRuns = (await dataSource.query(
        `SELECT count(*)::int AS n FROM digest_runs WHERE partner_id = $1 AND user_id = $2`,
        [world.partner.id, world.userIds.viewer],
      )) as Array<{ n: number }>;
      expect(viewerRuns[0]?.n).toBe(0);
    });
  });
});
