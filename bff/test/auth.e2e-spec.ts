import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { AuthSecrets } from '../src/common/auth-secrets.js';
import { AuthService } from '../src/auth/auth.service.js';
import { jwtAudience, jwtIssuer } from '../src/auth/tokens/access-tokens.js';
import { AppConfig } from '../src/config/app-config.js';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import {
  REFRESH_ABSOLUTE_MS,
  REFRESH_IDLE_MS,
  REFRESH_REUSE_GRACE_MS,
} from '../src/auth/tokens/refresh-sessions.js';
import { DataSource } from 'typeorm';
import { hashPassword, verifyPassword } from '../src/users/password-hash.js';
import { UsersRepository } from '../src/users/users.repository.js';
import { Clock } from '../src/common/clock.js';
import {
  CHEAP_ARGON2,
  DEMO_PASSWORD,
  cookiesFrom,
  expectNoSecretsInLogs,
  sessionFrom,
  signIn,
} from './support/identity.js';
import { type TestApp, TEST_PUBLIC_URL, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { jobsSettled } from './support/jobs.js';

describe('sessions and passwords', () => {
  let database: TestDatabase;
  let api: TestApp;
  let outbox: string;
  const passwords: string[] = [DEMO_PASSWORD];

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    outbox = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true', MAIL_OUTBOX_DIR: outbox },
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    if (api !== undefined) expectNoSecretsInLogs(api, passwords);
    await api?.close();
    await database?.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  /** The application clock, moved by `ms` from now. */
  function moveClock(ms: number): void {
    const at = Date.now() + ms;
    jest.spyOn(api.app.get(Clock), 'now').mockImplementation(() => new Date(at));
  }

  async function reuseAudits(): Promise<number> {
    const rows = (await api.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM audit_logs WHERE partner_id IS NULL AND action = 'auth.refresh.reused'`,
      )) as {
      n: number;
    }[];
    return rows[0]?.n ?? 0;
  }

  const me = (cookie: string) => api.request({ url: '/api/me', headers: { cookie } });
  const refresh = (refreshToken: string, csrf: string) =>
    api.request({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `pp_refresh=${refreshToken}; csrf=${csrf}`, 'x-csrf-token': csrf },
    });

  async function mailsTo(email: string): Promise<string[]> {
    // E-mails go through the job queue: wait for it to deliver what was enqueued.
    await jobsSettled(api.app);
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.json')).sort();
    const texts = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
    return texts.filter((text) => text.includes(email));
  }

  async function resetTokenFor(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    await api.app.get(AuthService).sendResetLink(email, '127.0.0.1');
    const mails = await mailsTo(email);
    expect(mails.length).toBe(before + 1);
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '');
    if (match?.[1] === undefined) throw new Error('no reset link');
    return match[1];
  }

  async function newUser(label: string): Promise<{ email: string; password: string }> {
    const email = `${label}.${Date.now()}${Math.floor(Math.random() * 1000)}@acme.example`;
    const password = `granite meadow ${label} lantern`;
    passwords.push(password);
    const admin = await signIn(api, 'admin@acme.example');
    const invited = await api.request({
      method: 'POST',
      url: '/api/partners/acme-outdoor/invitations',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
      payload: { email, role: 'viewer' },
    });
    expect(`${invited.statusCode} ${invited.body}`).toMatch(/^201/);
    const mail = (await mailsTo(email)).at(-1) ?? '';
    const token = /welcome\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
    const accepted = await api.request({
      method: 'POST',
      url: `/api/auth/invitations/${token}/accept`,
      payload: { name: label, password },
    });
    expect(accepted.statusCode).toBe(200);
    return { email, password };
  }

  describe('sign-in', () => {
    it('sets httpOnly SameSite=Strict cookies, the refresh one only for /api/auth, and answers the session', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'multi@example.com', password: DEMO_PASSWORD },
      });
      const cookies = [response.headers['set-cookie'] ?? []].flat().map(String);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { email: 'multi@example.com', name: 'Morgan Multi', isStaff: false },
        memberships: [
          { partner: { slug: 'acme-outdoor', name: 'Acme Outdoor Co.' }, role: 'manager' },
          { partner: { slug: 'northwind', name: 'Northwind Goods' }, role: 'viewer' },
        ],
      });
      expect(cookies.find((c) => c.startsWith('pp_access='))).toMatch(
        /Path=\/api; Max-Age=900; SameSite=Strict; HttpOnly$/,
      );
      expect(cookies.find((c) => c.startsWith('pp_refresh='))).toMatch(
        /Path=\/api\/auth; Max-Age=1209600; SameSite=Strict; HttpOnly$/,
      );
      expect(cookies.find((c) => c.startsWith('csrf='))).not.toMatch(/HttpOnly/);
      expect((await me(sessionFrom(response).cookie)).statusCode).toBe(200);
    });

    it('gives a wrong password and an unknown e-mail the same status and body', async () => {
      const known = await api.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'viewer@acme.example', password: 'not the right passphrase' },
      });
      const unknown = await api.request({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'nobody.at.all@acme.example', password: 'not the right passphrase' },
      });
      const body = (r: typeof known) => ({ ...r.json<Record<string, unknown>>(), requestId: '' });

      expect([known.statusCode, unknown.statusCode]).toEqual([401, 401]);
      expect(body(known)).toEqual(body(unknown));
      expect(known.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('sign-in and the other public routes take JSON only (docs/api.md, Conventions)', () => {
    const form = `email=${encodeURIComponent('viewer@acme.example')}&password=${encodeURIComponent(DEMO_PASSWORD)}`;
    const json = JSON.stringify({ email: 'viewer@acme.example', password: DEMO_PASSWORD });

    it.each([
      ['a form', 'application/x-www-form-urlencoded', form],
      ['text/plain', 'text/plain', json],
      ['text/plain;charset=UTF-8', 'text/plain;charset=UTF-8', json],
      [
        'multipart',
        'multipart/form-data; boundary=b',
        `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nviewer@acme.example\r\n--b--\r\n`,
      ],
    ])(
      'refuses a sign-in with the right password sent as %s: 415, no session',
      async (_what, type, payload) => {
        const response = await api.request({
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'content-type': type },
          payload,
          remoteAddress: '10.77.0.1',
        });

        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
        expect(response.headers['set-cookie']).toBeUndefined();
      },
    );

    it.each([
      '/api/auth/signout',
      '/api/auth/refresh',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/invitations/some-token/accept',
    ])('refuses a form on %s: 415', async (url) => {
      const response = await api.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=viewer%40acme.example&token=x&password=y',
        remoteAddress: '10.77.0.2',
      });

      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    });
  });

  describe('access tokens: only as this BFF issues them (docs/api.md, Access tokens)', () => {
    /** A token signed with the BFF's own key, `iss` and `aud`: correctly signed, whatever it claims. */
    function forge(claims: Record<string, unknown>): string {
      const config = api.app.get(AppConfig);
      return jwt.sign(claims, api.app.get(AuthSecrets).jwtKey, {
        algorithm: 'HS256',
        issuer: jwtIssuer(config),
        audience: jwtAudience(config),
        // jsonwebtoken adds an `iat` unless told not to (and then drops one given).
        noTimestamp: !('iat' in claims),
      });
    }
    const asBearer = (token: string, url: string) =>
      api.request({ url, headers: { authorization: `Bearer ${token}` } });
    const now = () => Math.floor(Date.now() / 1000);

    async function claimsOf(email: string) {
      const session = await signIn(api, email);
      const decoded = jwt.decode(session.access) as { sub: string; sid: string; gen: number };
      return { sub: decoded.sub, sid: decoded.sid, gen: decoded.gen };
    }

    it('takes a forged token shaped as the BFF issues it (the control of the cases below)', async () => {
      const own = await claimsOf('viewer@acme.example');
      const issuedAt = now();
      const token = forge({ ...own, iat: issuedAt, exp: issuedAt + 15 * 60 });
      expect((await asBearer(token, '/api/me')).statusCode).toBe(200);
      expect((await asBearer(token, '/api/partners/acme-outdoor')).statusCode).toBe(200);
    });

    it.each([
      ['without exp', (c: object) => ({ ...c, iat: now() })],
      ['with a 10-year exp', (c: object) => ({ ...c, iat: now(), exp: now() + 10 * 365 * 86_400 })],
      ['15 minutes and 1 second long', (c: object) => ({ ...c, iat: now() - 1, exp: now() + 900 })],
      ['without iat', (c: object) => ({ ...c, exp: now() + 600 })],
      [
        'issued an hour from now',
        (c: object) => ({ ...c, iat: now() + 3600, exp: now() + 3600 + 900 }),
      ],
      ['with exp before iat', (c: object) => ({ ...c, iat: now(), exp: now() - 1 })],
      [
        'with a sid never issued',
        (c: object) => ({ ...c, sid: randomUUID(), iat: now(), exp: now() + 900 }),
      ],
    ])('refuses a correctly signed token %s: 401 on every kind of route', async (_what, shape) => {
      const token = forge(shape(await claimsOf('viewer@acme.example')));
      for (const url of [
        '/api/me',
        '/api/partners/acme-outdoor',
        '/api/partners/acme-outdoor/inventory',
      ]) {
        const response = await asBearer(token, url);
        expect([url, response.statusCode, response.json<{ code: string }>().code]).toEqual([
          url,
          401,
          'unauthorized',
        ]);
        // The same token as the cookie.
        const cookie = await api.request({ url, headers: { cookie: `pp_access=${token}` } });
        expect([url, cookie.statusCode]).toEqual([url, 401]);
      }
    });

    it("refuses a token whose sid is another user's session", async () => {
      const own = await claimsOf('viewer@acme.example');
      const other = await claimsOf('manager@acme.example');
      const token = forge({ ...own, sid: other.sid, iat: now(), exp: now() + 900 });
      expect((await asBearer(token, '/api/me')).statusCode).toBe(401);
      expect((await asBearer(token, '/api/partners/acme-outdoor')).statusCode).toBe(401);
    });
  });

  describe('refresh rotation', () => {
    it('rotates on every use; the rotated token used again after the grace window ends the whole session', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const first = await refresh(session.refresh, session.csrf);
      expect(first.statusCode).toBe(200);
      const rotated = sessionFrom(first);
      expect(rotated.refresh).not.toBe(session.refresh);
      expect(rotated.csrf).toBe(session.csrf);
      const reusesBefore = await reuseAudits();

      moveClock(REFRESH_REUSE_GRACE_MS + 1000);
      const reuse = await refresh(session.refresh, session.csrf);
      expect(reuse.statusCode).toBe(401);
      // The family is revoked: the newest token is refused too, and the theft is audited.
      expect((await refresh(rotated.refresh, rotated.csrf)).statusCode).toBe(401);
      expect(await reuseAudits()).toBe(reusesBefore + 1);
    });

    it('lets two tabs refresh one token at once within the grace window: both stay signed in, nothing audited', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const reusesBefore = await reuseAudits();
      const results = await Promise.all([
        refresh(session.refresh, session.csrf),
        refresh(session.refresh, session.csrf),
      ]);
      expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
      const [one, two] = results.map((result) => sessionFrom(result));
      expect(one?.refresh).not.toBe(two?.refresh);
      for (const tab of [one, two]) {
        expect((await me(tab?.cookie ?? '')).statusCode).toBe(200);
        expect((await refresh(tab?.refresh ?? '', session.csrf)).statusCode).toBe(200);
      }
      expect(await reuseAudits()).toBe(reusesBefore);
    });

    it('refuses the token a tab used when presented again after the grace window, ending the session', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const [one] = await Promise.all([
        refresh(session.refresh, session.csrf),
        refresh(session.refresh, session.csrf),
      ]);
      const tab = sessionFrom(one ?? (await refresh(session.refresh, session.csrf)));
      moveClock(REFRESH_REUSE_GRACE_MS + 1000);
      expect((await refresh(session.refresh, session.csrf)).statusCode).toBe(401);
      expect((await refresh(tab.refresh, session.csrf)).statusCode).toBe(401);
    });

    it('binds the CSRF token of a refresh or a sign-out to the session of the refresh token', async () => {
      const one = await signIn(api, 'viewer@acme.example');
      const two = await signIn(api, 'viewer@acme.example');
      // The other session's token, consistent in cookie and header: still refused.
      expect((await refresh(one.refresh, two.csrf)).statusCode).toBe(403);
      const signOut = await api.request({
        method: 'POST',
        url: '/api/auth/signout',
        headers: {
          cookie: `pp_refresh=${one.refresh}; csrf=${two.csrf}`,
          'x-csrf-token': two.csrf,
        },
      });
      expect(signOut.statusCode).toBe(403);
      expect((await refresh(one.refresh, one.csrf)).statusCode).toBe(200);
    });

    it('refuses a request carrying one session cookie twice', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      for (const cookie of [
        `${session.cookie}; pp_access=planted`,
        `csrf=planted; ${session.cookie}`,
        `pp_refresh=planted; ${session.cookie}`,
      ]) {
        const response = await api.request({ url: '/api/me', headers: { cookie } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'cookie_conflict' });
      }
      expect((await me(session.cookie)).statusCode).toBe(200);
    });

    it('requires the CSRF token', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const response = await api.request({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: `pp_refresh=${session.refresh}; csrf=${session.csrf}` },
      });
      expect(response.statusCode).toBe(403);
    });

    it('expires after 14 idle days, and 30 days after sign-in however active', async () => {
      const idle = await signIn(api, 'viewer@acme.example');
      moveClock(REFRESH_IDLE_MS + 1000);
      expect((await refresh(idle.refresh, idle.csrf)).statusCode).toBe(401);
      jest.restoreAllMocks();

      let current = await signIn(api, 'viewer@acme.example');
      const step = 10 * 24 * 60 * 60 * 1000;
      for (const days of [1, 2]) {
        moveClock(step * days);
        const response = await refresh(current.refresh, current.csrf);
        expect(response.statusCode).toBe(200);
        current = sessionFrom(response);
      }
      moveClock(REFRESH_ABSOLUTE_MS + 1000);
      expect((await refresh(current.refresh, current.csrf)).statusCode).toBe(401);
    });
  });

  describe('logs', () => {
    it('write no value of a failed statement: a unique violation logs neither the e-mail nor the hash', async () => {
      const user = await newUser('duplicate');
      const hash = '$argon2id$v=19$m=64,t=1,p=1$ZHVwbGljYXRlc2FsdA$ZHVwbGljYXRlaGFzaGhhc2g';
      const dataSource = api.app.get(DataSource);
      const linesBefore = api.logs.lines.length;
      await expect(
        api.app
          .get(UsersRepository)
          .createActive(
            { email: user.email.toUpperCase(), name: 'Twin', passwordHash: hash },
            dataSource.manager,
          ),
      ).rejects.toThrow(/unique/);

      const logged = api.logs.lines.slice(linesBefore).map((line) => JSON.stringify(line));
      expect(logged.join('\n')).toContain('23505');
      for (const secret of [user.email, user.email.toUpperCase(), hash, 'ZHVwbGljYXRl']) {
        expect(logged.join('\n').toLowerCase()).not.toContain(secret.toLowerCase());
      }
    });
  });

  describe('password cost', () => {
    it('re-hashes a password at the configured cost on a successful sign-in, and not on a failed one', async () => {
      const user = await newUser('rehash');
      const dataSource = api.app.get(DataSource);
      const older = await hashPassword(user.password, { memoryCost: 32, timeCost: 1 });
      await dataSource.query(`UPDATE users SET password_hash = $1 WHERE email = $2`, [
        older,
        user.email,
      ]);
      const stored = async () =>
        (
          (await dataSource.query(`SELECT password_hash FROM users WHERE email = $1`, [
            user.email,
          ])) as { password_hash: string }[]
        )[0]?.password_hash ?? '';

      await expect(signIn(api, user.email, 'not the password at all here')).rejects.toThrow(/401/);
      expect(await stored()).toBe(older);
      await signIn(api, user.email, user.password);
      const rehashed = await stored();
      expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      await expect(verifyPassword(rehashed, user.password)).resolves.toBe(true);
    });
  });

  describe('sign-out', () => {
    it('revokes the session and clears the cookies', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const out = await api.request({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(out.statusCode).toBe(204);
      expect(cookiesFrom(out)).toEqual({ pp_access: '', pp_refresh: '', csrf: '' });
      expect((await refresh(session.refresh, session.csrf)).statusCode).toBe(401);
    });

    it('refuses the access token of a signed-out session at once, in the cookie or as a bearer', async () => {
      const session = await signIn(api, 'viewer@acme.example');
      const other = await signIn(api, 'viewer@acme.example');
      const asBearer = (url: string) =>
        api.request({ url, headers: { authorization: `Bearer ${session.access}` } });
      expect((await asBearer('/api/partners/acme-outdoor')).statusCode).toBe(200);

      const out = await api.request({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(out.statusCode).toBe(204);

      expect((await me(session.cookie)).statusCode).toBe(401);
      expect((await asBearer('/api/me')).statusCode).toBe(401);
      expect((await asBearer('/api/partners/acme-outdoor')).statusCode).toBe(401);
      expect((await asBearer('/api/partners/acme-outdoor/inventory')).statusCode).toBe(401);
      // Another session of the same user goes on.
      expect((await me(other.cookie)).statusCode).toBe(200);
    });

    it('everywhere: every session of the user ends, access tokens included', async () => {
      const user = await newUser('everywhere');
      const one = await signIn(api, user.email, user.password);
      const two = await signIn(api, user.email, user.password);
      const out = await api.request({
        method: 'POST',
        url: '/api/auth/signout-everywhere',
        headers: { cookie: one.cookie, 'x-csrf-token': one.csrf },
      });
      expect(out.statusCode).toBe(204);
      expect((await me(two.cookie)).statusCode).toBe(401);
      expect((await refresh(two.refresh, two.csrf)).statusCode).toBe(401);
      const three = await signIn(api, user.email, user.password);
      expect((await me(three.cookie)).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const reset = (token: string, password: string, headers: Record<string, string> = {}) =>
      api.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
        headers,
      });

    it('works once, ends every session, mails a notice, and does not sign in', async () => {
      const user = await newUser('resetter');
      const old = await signIn(api, user.email, user.password);
      const token = await resetTokenFor(user.email);
      const password = 'copper kettle winter morning';
      passwords.push(password);

      const done = await reset(token, password);
      expect(done.statusCode).toBe(204);
      expect(done.headers['set-cookie']).toBeUndefined();
      expect((await reset(token, 'another fine passphrase')).json()).toMatchObject({
        status: 400,
        code: 'token_invalid',
      });
      expect((await me(old.cookie)).statusCode).toBe(401);
      expect((await refresh(old.refresh, old.csrf)).statusCode).toBe(401);
      expect((await mailsTo(user.email)).at(-1)).toContain(
        'password of your partner portal account was just changed',
      );
      await expect(signIn(api, user.email, user.password)).rejects.toThrow(/401/);
      await signIn(api, user.email, password);
    });

    it('refuses an expired token', async () => {
      const user = await newUser('expired');
      const token = await resetTokenFor(user.email);
      moveClock(31 * 60 * 1000);
      expect((await reset(token, 'copper kettle winter morning')).json()).toMatchObject({
        code: 'token_invalid',
      });
    });

    it('lets exactly one of two parallel uses succeed', async () => {
      const user = await newUser('parallel');
      const token = await resetTokenFor(user.email);
      const results = await Promise.all([
        reset(token, 'first parallel passphrase'),
        reset(token, 'second parallel passphrase'),
      ]);
      passwords.push('first parallel passphrase', 'second parallel passphrase');
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    });

    it('answers 429 to an address past 10 unknown tokens, and still takes a valid one from another', async () => {
      const from = (remoteAddress: string) => (token: string) =>
        api.request({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, password: 'a guess of a passphrase' },
          remoteAddress,
        });
      const guesser = from('198.18.77.1');
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await guesser(`guessed-token-${attempt}`)).json()).toMatchObject({
          code: 'token_invalid',
        });
      }
      const refused = await guesser('guessed-token-10');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // Valid tokens are given back: from a fresh address, 9 unknown, 12 valid, then the 10th unknown
      // is still answered and only the 11th refused.
      const user = await newUser('reset-throttle');
      const owner = from('198.18.77.2');
      for (let attempt = 0; attempt < 9; attempt += 1) {
        expect((await owner(`mistyped-token-${attempt}`)).statusCode).toBe(400);
      }
      for (let use = 0; use < 12; use += 1) {
        expect((await owner(await resetTokenFor(user.email))).statusCode).toBe(204);
      }
      expect((await owner('mistyped-token-9')).statusCode).toBe(400);
      expect((await owner('mistyped-token-10')).statusCode).toBe(429);
      passwords.push('a guess of a passphrase');
    });

    describe('checking a link without using it', () => {
      const check = (token: string, remoteAddress = '127.0.0.1') => {
        // The token is in the URL: the logs must show it redacted (checked in afterAll).
        api.secrets.add(token);
        return api.request({ url: `/api/auth/password-resets/${token}`, remoteAddress });
      };

      it('answers the e-mail of a live token, which still works after', async () => {
        const user = await newUser('checked');
        const token = await resetTokenFor(user.email);

        for (let look = 0; look < 2; look += 1) {
          const checked = await check(token);
          expect(checked.statusCode).toBe(200);
          expect(checked.json()).toEqual({ email: user.email });
        }
        expect((await reset(token, 'checked link passphrase')).statusCode).toBe(204);
        passwords.push('checked link passphrase');
        expect(api.logs.lines.map((line) => JSON.stringify(line)).join('\n')).toContain(
          '/api/auth/password-resets/[redacted]',
        );
      });

      it('refuses a used, a voided and an expired token as reset-password does', async () => {
        const user = await newUser('check-refused');
        const used = await resetTokenFor(user.email);
        expect((await reset(used, 'used link passphrase')).statusCode).toBe(204);
        passwords.push('used link passphrase');
        expect((await check(used)).json()).toMatchObject({ status: 400, code: 'token_invalid' });

        const voided = await resetTokenFor(user.email);
        const newest = await resetTokenFor(user.email);
        expect((await check(voided)).json()).toMatchObject({ status: 400, code: 'token_invalid' });
        expect((await check(newest)).statusCode).toBe(200);

        moveClock(31 * 60 * 1000);
        expect((await check(newest)).json()).toMatchObject({ status: 400, code: 'token_invalid' });
      });

      it('counts unknown tokens with reset-password: the 11th unknown of an address is 429', async () => {
        const guesser = '198.18.78.1';
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect((await check(`guessed-check-${attempt}`, guesser)).statusCode).toBe(400);
        }
        for (let attempt = 5; attempt < 10; attempt += 1) {
          const response = await api.request({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token: `guessed-check-${attempt}`, password: 'a guess of a passphrase' },
            remoteAddress: guesser,
          });
          expect(response.statusCode).toBe(400);
        }
        passwords.push('a guess of a passphrase');
        const refused = await check('guessed-check-10', guesser);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'rate_limited' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

        // A live token is given back: checking one 12 times from a fresh address costs nothing.
        const user = await newUser('check-throttle');
        const token = await resetTokenFor(user.email);
        const owner = '198.18.78.2';
        for (let attempt = 0; attempt < 9; attempt += 1) {
          expect((await check(`mistyped-check-${attempt}`, owner)).statusCode).toBe(400);
        }
        for (let look = 0; look < 12; look += 1) {
          expect((await check(token, owner)).statusCode).toBe(200);
        }
        expect((await check('mistyped-check-9', owner)).statusCode).toBe(400);
        expect((await check('mistyped-check-10', owner)).statusCode).toBe(429);
      });
    });

    it('voids older tokens when a newer one is issued', async () => {
      const user = await newUser('twice');
      const older = await resetTokenFor(user.email);
      const newer = await resetTokenFor(user.email);
      expect((await reset(older, 'older link passphrase')).statusCode).toBe(400);
      expect((await reset(newer, 'newer link passphrase')).statusCode).toBe(204);
      passwords.push('older link passphrase', 'newer link passphrase');
    });

    it('builds the link from PUBLIC_URL even when the Host header lies', async () => {
      const user = await newUser('host');
      const response = await api.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(202);
      let mails: string[] = [];
      for (let attempt = 0; attempt < 50 && mails.length < 2; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mails = (await mailsTo(user.email)).filter((mail) => mail.includes('reset-password'));
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
      expect(mails[0]).not.toContain('evil.example');
      const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0] ?? '')?.[1];
      if (token !== undefined) api.secrets.add(token);
    });

    it('applies the password rule, with the e-mail of the token', async () => {
      const user = await newUser('rules');
      const token = await resetTokenFor(user.email);
      const local = user.email.split('@')[0] ?? '';
      for (const password of ['too short', `${local}-and-more`, '1qaz2wsx3edc4rfv']) {
        const response = await reset(token, password);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation' });
      }
      expect((await reset(token, 'a perfectly fine passphrase')).statusCode).toBe(204);
      passwords.push('a perfectly fine passphrase');
    });
  });

  describe('invitations', () => {
    async function invite(
      email: string,
      role = 'viewer',
      [slug, adminEmail] = ['acme-outdoor', 'admin@acme.example'],
    ): Promise<string> {
      const admin = await signIn(api, adminEmail);
      const response = await api.request({
        method: 'POST',
        url: `/api/partners/${slug}/invitations`,
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
        payload: { email, role },
      });
      expect(response.statusCode).toBe(201);
      const mail = (await mailsTo(email)).at(-1) ?? '';
      expect(mail).toContain(`${TEST_PUBLIC_URL}/welcome?token=`);
      return /welcome\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
    }

    it('describes the invitation, signs the new person in once, and is spent after', async () => {
      const email = `invited.${Date.now()}@acme.example`;
      const token = await invite(email, 'manager');
      const described = await api.request({ url: `/api/auth/invitations/${token}` });
      expect(described.json()).toMatchObject({
        email,
        role: 'manager',
        partner: { slug: 'acme-outdoor', name: 'Acme Outdoor Co.' },
      });
      const accept = () =>
        api.request({
          method: 'POST',
          url: `/api/auth/invitations/${token}/accept`,
          payload: { name: 'Ivy Invited', password: 'lantern orchard pebble vast' },
        });
      passwords.push('lantern orchard pebble vast');
      const accepted = await accept();
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        user: { email, name: 'Ivy Invited' },
        memberships: [{ partner: { slug: 'acme-outdoor' }, role: 'manager' }],
      });
      expect((await me(sessionFrom(accepted).cookie)).statusCode).toBe(200);
      expect((await accept()).statusCode).toBe(404);
      expect((await api.request({ url: `/api/auth/invitations/${token}` })).statusCode).toBe(404);
    });

    it('expires after 7 days', async () => {
      const token = await invite(`late.${Date.now()}@acme.example`);
      moveClock(7 * 24 * 60 * 60 * 1000 + 1000);
      expect((await api.request({ url: `/api/auth/invitations/${token}` })).statusCode).toBe(404);
    });

    it('refuses a weak password for a new account, and asks an existing one for its password', async () => {
      const token = await invite(`weak.${Date.now()}@acme.example`);
      const weak = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${token}/accept`,
        payload: { name: 'Weak', password: 'short' },
      });
      expect(weak.json()).toMatchObject({ status: 400, code: 'validation' });

      const existing = await invite('admin@northwind.example');
      const wrong = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${existing}/accept`,
        payload: { name: 'Nora', password: 'not her password at all' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${existing}/accept`,
        payload: { name: 'Nora', password: DEMO_PASSWORD },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json<{ memberships: unknown[] }>().memberships).toHaveLength(2);
    });

    it('throttles and audits the password check of an existing account like a sign-in', async () => {
      const user = await newUser('acceptor');
      const token = await invite(user.email, 'viewer', ['northwind', 'admin@northwind.example']);
      const accept = (password: string) =>
        api.request({
          method: 'POST',
          url: `/api/auth/invitations/${token}/accept`,
          remoteAddress: '10.91.0.1',
          payload: { name: 'Acceptor', password },
        });
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 11; attempt += 1) {
        statuses.push((await accept('a wrong guess of a password')).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      const blocked = await accept(user.password);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const audited = (await api.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM audit_logs WHERE partner_id IS NULL AND action = 'auth.signin.failed' AND metadata->>'via' = 'invitation' AND actor_user_id = (SELECT id FROM users WHERE email = $1)`,
          [user.email],
        )) as { n: number }[];
      expect(audited[0]?.n).toBe(10);
    });

    it('never re-enables a disabled account', async () => {
      const user = await newUser('disabled');
      const token = await invite(user.email, 'viewer', ['northwind', 'admin@northwind.example']);
      const dataSource = api.app.get(DataSource);
      await dataSource.query(`UPDATE users SET status = 'disabled' WHERE email = $1`, [user.email]);
      const accepted = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${token}/accept`,
        payload: { name: 'Disabled', password: user.password },
      });
      expect(accepted.statusCode).toBe(403);
      expect(accepted.headers['set-cookie']).toBeUndefined();
      const rows = (await dataSource.query(`SELECT status FROM users WHERE email = $1`, [
        user.email,
      ])) as { status: string }[];
      expect(rows[0]?.status).toBe('disabled');
    });

    it('lists the pending invitations to admins, and a revoked one stops working at once', async () => {
      const admin = await signIn(api, 'admin@acme.example');
      const asAdmin = { cookie: admin.cookie, 'x-csrf-token': admin.csrf };
      const email = `pending.${Date.now()}@acme.example`;
      const token = await invite(email, 'manager');
      const listed = await api.request({
        url: '/api/partners/acme-outdoor/invitations?limit=100',
        headers: asAdmin,
      });
      expect(listed.statusCode).toBe(200);
      const items = listed.json<{ items: { id: string; email: string; role: string }[] }>().items;
      const mine = items.find((item) => item.email === email);
      expect(mine).toMatchObject({ role: 'manager', invitedBy: { name: expect.any(String) } });

      const viewer = await signIn(api, 'viewer@acme.example');
      expect(
        (
          await api.request({
            url: '/api/partners/acme-outdoor/invitations',
            headers: { cookie: viewer.cookie },
          })
        ).statusCode,
      ).toBe(403);

      const revoked = await api.request({
        method: 'DELETE',
        url: `/api/partners/acme-outdoor/invitations/${mine?.id ?? ''}`,
        headers: asAdmin,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await api.request(`/api/auth/invitations/${token}`)).statusCode).toBe(404);
      const again = await api.request({
        method: 'DELETE',
        url: `/api/partners/acme-outdoor/invitations/${mine?.id ?? ''}`,
        headers: asAdmin,
      });
      expect(again.statusCode).toBe(404);
      const after = await api.request({
        url: '/api/partners/acme-outdoor/invitations?limit=100',
        headers: asAdmin,
      });
      expect(
        after.json<{ items: { email: string }[] }>().items.map((item) => item.email),
      ).not.toContain(email);
    });

    it('voids the invitations of an admin who is demoted or removed', async () => {
      const inviter = await newUser('inviter');
      const admin = await signIn(api, 'admin@acme.example');
      const asAdmin = { cookie: admin.cookie, 'x-csrf-token': admin.csrf };
      const inviterId = (
        await api.request({
          url: '/api/me',
          headers: { cookie: (await signIn(api, inviter.email, inviter.password)).cookie },
        })
      ).json<{ user: { id: string } }>().user.id;
      const promote = (role: string) =>
        api.request({
          method: 'PATCH',
          url: `/api/partners/acme-outdoor/members/${inviterId}`,
          headers: asAdmin,
          payload: { role },
        });
      expect((await promote('admin')).statusCode).toBe(200);
      const asInviter = await signIn(api, inviter.email, inviter.password);
      const inviteAs = async (email: string): Promise<string> => {
        const response = await api.request({
          method: 'POST',
          url: '/api/partners/acme-outdoor/invitations',
          headers: { cookie: asInviter.cookie, 'x-csrf-token': asInviter.csrf },
          payload: { email, role: 'viewer' },
        });
        expect(response.statusCode).toBe(201);
        const mail = (await mailsTo(email)).at(-1) ?? '';
        return /welcome\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
      };
      const first = await inviteAs(`voided.one.${Date.now()}@acme.example`);
      expect((await api.request(`/api/auth/invitations/${first}`)).statusCode).toBe(200);
      // Demoted: the invitation is void, and stays void when the inviter is an admin again.
      expect((await promote('manager')).statusCode).toBe(200);
      expect((await api.request(`/api/auth/invitations/${first}`)).statusCode).toBe(404);
      expect((await promote('admin')).statusCode).toBe(200);
      expect((await api.request(`/api/auth/invitations/${first}`)).statusCode).toBe(404);
      const accepted = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${first}/accept`,
        payload: { name: 'Too Late', password: 'a long enough passphrase for this' },
      });
      expect(accepted.statusCode).toBe(404);

      // Removed: the same.
      const second = await inviteAs(`voided.two.${Date.now()}@acme.example`);
      const removed = await api.request({
        method: 'DELETE',
        url: `/api/partners/acme-outdoor/members/${inviterId}`,
        headers: asAdmin,
      });
      expect(removed.statusCode).toBe(204);
      expect((await api.request(`/api/auth/invitations/${second}`)).statusCode).toBe(404);
    });

    it('keeps the last admin of a partner', async () => {
      const nora = await signIn(api, 'admin@northwind.example');
      const me = await api.request({ url: '/api/me', headers: { cookie: nora.cookie } });
      const id = me.json<{ user: { id: string } }>().user.id;
      const demote = await api.request({
        method: 'PATCH',
        url: `/api/partners/northwind/members/${id}`,
        headers: { cookie: nora.cookie, 'x-csrf-token': nora.csrf },
        payload: { role: 'viewer' },
      });
      expect(demote.json()).toMatchObject({ status: 409, code: 'last_admin' });
    });
  });

  describe('throttling', () => {
    it('refuses the 11th sign-in of an account and IP after 10 failures, with Retry-After; a forged X-Forwarded-For does not help', async () => {
      const attempt = (forwarded?: string) =>
        api.request({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '10.77.0.1',
          headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
          payload: { email: 'manager@acme.example', password: 'wrong wrong wrong wrong' },
        });
      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt(`203.0.113.${failure}`)).statusCode).toBe(401);
      }
      const blocked = await attempt('198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
      // The right password does not get through either, from that address.
      const right = await api.request({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '10.77.0.1',
        payload: { email: 'manager@acme.example', password: DEMO_PASSWORD },
      });
      expect(right.statusCode).toBe(429);
    });

    /** 40 wrong sign-ins at once for one account; how many passwords were checked, and the answers. */
    async function parallelGuesses(
      email: string,
      addressOf: (attempt: number) => string,
    ): Promise<{ verified: number; statuses: number[] }> {
      const verify = jest.spyOn(api.app.get(PasswordHasher), 'verify');
      try {
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, attempt) =>
            api.request({
              method: 'POST',
              url: '/api/auth/signin',
              remoteAddress: addressOf(attempt),
              payload: { email, password: 'guessing in parallel here' },
            }),
          ),
        );
        return {
          verified: verify.mock.calls.length,
          statuses: responses.map((response) => response.statusCode),
        };
      } finally {
        verify.mockRestore();
      }
    }

    it('checks at most 10 of 40 parallel wrong sign-ins of one account from one address', async () => {
      const user = await newUser('parallel');
      const { verified, statuses } = await parallelGuesses(user.email, () => '10.92.0.1');
      expect(verified).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 401)).toHaveLength(verified);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - verified);
    });

    it('checks at most 20 of 40 parallel wrong sign-ins of one account from 40 addresses', async () => {
      const user = await newUser('distributed');
      const { verified, statuses } = await parallelGuesses(
        user.email,
        (attempt) => `198.18.${attempt}.1`,
      );
      expect(verified).toBeLessThanOrEqual(20);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
      // The owner is kept out for seconds, not minutes: the block grows from 1 s.
      const owner = await api.request({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '198.18.200.1',
        payload: { email: user.email, password: user.password },
      });
      if (owner.statusCode === 429) {
        expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(2);
      }
    });

    it('counts 40 addresses of one IPv6 /64 as one address', async () => {
      const user = await newUser('ipv6');
      const { verified, statuses } = await parallelGuesses(
        user.email,
        (attempt) => `2001:db8:77:1:${(attempt + 1).toString(16)}::${attempt + 7}`,
      );
      expect(verified).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - verified);
    });

    it('counts an e-mail as the database compares it: a case variant is the same account', async () => {
      const user = await newUser('variant');
      const attempt = (email: string) =>
        api.request({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '10.93.0.1',
          payload: { email, password: 'not the right one at all' },
        });
      for (let failure = 1; failure <= 10; failure += 1) {
        const spelling = failure % 2 === 0 ? user.email.toUpperCase() : user.email;
        expect((await attempt(spelling)).statusCode).toBe(401);
      }
      expect((await attempt(` ${user.email.toUpperCase()} `)).statusCode).toBe(429);
    });

    it('allows 30 sign-in attempts a minute per IP, then 429', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 31; attempt += 1) {
        const response = await api.request({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '10.78.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
          payload: { email: `nobody${attempt}@example.com`, password: 'whatever it is here' },
        });
        statuses.push(response.statusCode);
        if (attempt === 31) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('allows 5 forgot-password requests an hour per e-mail, and 20 per IP', async () => {
      const forgot = (email: string, ip: string) =>
        api.request({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: ip,
          payload: { email },
        });
      const perEmail: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        perEmail.push(
          (await forgot('someone.throttled@example.com', `10.79.0.${attempt}`)).statusCode,
        );
      }
      expect(perEmail).toEqual([202, 202, 202, 202, 202, 429]);
      const perIp: number[] = [];
      for (let attempt = 1; attempt <= 21; attempt += 1) {
        perIp.push((await forgot(`person${attempt}@example.com`, '10.80.0.1')).statusCode);
      }
      expect(perIp.filter((status) => status === 202)).toHaveLength(20);
      expect(perIp[20]).toBe(429);
    });
  });

  describe('no account enumeration', () => {
    it('forgot-password answers a known and an unknown e-mail alike', async () => {
      const known = await api.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.81.0.1',
        payload: { email: 'viewer@acme.example' },
      });
      const unknown = await api.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.81.0.2',
        payload: { email: 'nobody.known@acme.example' },
      });
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
    });
  });
});
