import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../src/auth/password-hasher.js';
import { PasswordResetsRepository } from '../src/auth/password/password-resets.repository.js';
import { RefreshSessions } from '../src/auth/tokens/refresh-sessions.js';
import { newOpaqueToken, sha256Hex } from '../src/common/token-hash.js';
import { InvitationsRepository } from '../src/invitations/invitations.repository.js';
import { Partner } from '../src/partners/partner.entity.js';
import { hashPassword } from '../src/users/password-hash.js';
import {
  CHEAP_ARGON2,
  type Session,
  createUser,
  expectNoSecretsInLogs,
  sessionFrom,
  signIn,
} from './support/identity.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

const REPETITIONS = 50;
const OLD_PASSWORD = 'slate harbour evening tide';
const NEW_PASSWORD = 'amber orchard morning frost';

/**
 * A session must end when the user's credentials change, whatever runs at the same moment
 * (docs/product.md §5, after a password reset; docs/decisions.md, credential generation): a sign-in
 * whose password was checked before a reset, or a refresh whose token was read before it, must not
 * hand out a session that outlives the reset.
 */
describe('sessions racing a credential change', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  let oldHash: string;
  let partnerId: string;
  let adminId: string;
  const slug = `race-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({ databaseUrl: database.url, env: CHEAP_ARGON2 });
    dataSource = api.app.get(DataSource);
    const partner = await dataSource.getRepository(Partner).insert({
      slug,
      name: 'Race Partner',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
    });
    partnerId = String(partner.identifiers[0]?.id);
    oldHash = await hashPassword(OLD_PASSWORD, { memoryCost: 64, timeCost: 1 });
    adminId = await createUser(dataSource, `admin.${randomUUID()}@example.com`, oldHash, [
      { slug, role: 'admin' },
    ]);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    if (api !== undefined) expectNoSecretsInLogs(api, [OLD_PASSWORD, NEW_PASSWORD]);
    await api?.close();
    await database?.stop();
  });

  const someAddress = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  /** A user of its own (so that failed sign-ins of one round never throttle another). */
  async function newUser(): Promise<{ id: string; email: string }> {
    const email = `racer.${randomUUID()}@example.com`;
    const id = await createUser(dataSource, email, oldHash, [{ slug, role: 'viewer' }]);
    return { id, email };
  }

  /** A reset link's token, as the e-mail would carry it. */
  async function resetTokenOf(userId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = new Date();
    await api.app.get(PasswordResetsRepository).insert(
      {
        userId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 10 * 60 * 1000),
      },
      dataSource.manager,
    );
    api.secrets.add(token);
    return token;
  }

  /** An invitation of the race partner's admin to `email`: its token. */
  async function invitationFor(email: string): Promise<string> {
    const token = newOpaqueToken();
    const now = new Date();
    await api.app.get(InvitationsRepository).create(
      partnerId,
      {
        email,
        role: 'manager',
        tokenHash: sha256Hex(token),
        invitedByUserId: adminId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
      },
      dataSource.manager,
    );
    api.secrets.add(token);
    return token;
  }

  const reset = (token: string) =>
    api.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: someAddress(),
      payload: { token, password: NEW_PASSWORD },
    });

  const attemptSignIn = (email: string) =>
    api.request({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: someAddress(),
      payload: { email, password: OLD_PASSWORD },
    });

  const refresh = (session: Pick<Session, 'refresh' | 'csrf'>) =>
    api.request({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: someAddress(),
      headers: {
        cookie: `pp_refresh=${session.refresh}; csrf=${session.csrf}`,
        'x-csrf-token': session.csrf,
      },
    });

  const signOutEverywhere = (session: Session) =>
    api.request({
      method: 'POST',
      url: '/api/auth/signout-everywhere',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });

  /**
   * What still works of a session: its access token on a route outside partners (`/api/me`, the JWT
   * guard's account check) and on a partner route (the partner guard's one statement), as a cookie and
   * as a bearer; and its refresh token. Empty when the session has ended.
   */
  async function stillWorking(session: Session): Promise<string[]> {
    const working: string[] = [];
    for (const url of ['/api/me', `/api/partners/${slug}`]) {
      const byCookie = await api.request({ url, headers: { cookie: session.cookie } });
      if (byCookie.statusCode !== 401) working.push(`${url} by cookie: ${byCookie.statusCode}`);
      const byBearer = await api.request({
        url,
        headers: { authorization: `Bearer ${session.access}` },
      });
      if (byBearer.statusCode !== 401) working.push(`${url} by bearer: ${byBearer.statusCode}`);
    }
    const refreshed = await refresh(session);
    if (refreshed.statusCode !== 401) working.push(`refresh: ${refreshed.statusCode}`);
    return working;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(`lets no session issued by a sign-in or a refresh racing a password reset survive it (${REPETITIONS} rounds)`, async () => {
    const hasher = api.app.get(PasswordHasher);
    const sessions = api.app.get(RefreshSessions);
    const verify = hasher.verify.bind(hasher);
    const rotate = sessions.rotate.bind(sessions);
    /**
     * Where each racer waits: a sign-in after its password was checked, a refresh after its token was
     * rotated (both before the session is handed out). Odd rounds wait until the reset has answered
     * (it has committed: the worst case, every time); even rounds a random 0–12 ms while it runs.
     */
    let hold: () => Promise<unknown> = () => Promise.resolve();
    jest.spyOn(hasher, 'verify').mockImplementation(async (hash, password) => {
      const matches = await verify(hash, password);
      await hold();
      return matches;
    });
    jest.spyOn(sessions, 'rotate').mockImplementation(async (...args) => {
      const rotated = await rotate(...args);
      await hold();
      return rotated;
    });

    const survivors: string[] = [];
    const lateSignIns: number[] = [];
    const racers: string[] = [];
    for (let round = 1; round <= REPETITIONS; round += 1) {
      const user = await newUser();
      racers.push(user.id);
      hold = () => Promise.resolve();
      const live = await signIn(api, user.email, OLD_PASSWORD, someAddress());
      const token = await resetTokenOf(user.id);

      const worstCase = round % 2 === 1;
      const resetAnswered = (async () => {
        await sleep(worstCase ? 0 : Math.floor(Math.random() * 8));
        return reset(token);
      })();
      hold = worstCase ? () => resetAnswered : () => sleep(Math.floor(Math.random() * 13));
      const [signedIn, refreshed] = await Promise.all([attemptSignIn(user.email), refresh(live)]);
      const resetDone = await resetAnswered;
      hold = () => Promise.resolve();

      expect(`round ${round}: reset ${resetDone.statusCode}`).toBe(`round ${round}: reset 204`);
      const kinds = [
        ['sign-in', signedIn],
        ['refresh', refreshed],
      ] as const;
      for (const [kind, response] of kinds) {
        if (response?.statusCode !== 200) continue;
        const working = await stillWorking(sessionFrom(response));
        if (working.length > 0) survivors.push(`round ${round}, ${kind}: ${working.join(', ')}`);
      }
      // The session the refresh started from ended with the reset, like every other one.
      const ended = await stillWorking(live);
      if (ended.length > 0)
        survivors.push(`round ${round}, the first session: ${ended.join(', ')}`);
      // A password checked before the reset signs nobody in once the reset has committed.
      if (worstCase && signedIn?.statusCode !== 401) lateSignIns.push(round);
      // The new password works at once.
      await signIn(api, user.email, NEW_PASSWORD, someAddress());
    }
    expect(survivors).toEqual([]);
    expect(lateSignIns).toEqual([]);
    // A refresh that lost its token to the reset is a session that ended, not a stolen token: no
    // round may be audited as a reuse.
    const reuses = (await dataSource.query(
      `SELECT count(*)::int AS count FROM audit_logs
        WHERE partner_id IS NULL AND action = 'auth.refresh.reused' AND actor_user_id = ANY($1)`,
      [racers],
    )) as { count: number }[];
    expect(reuses[0]?.count).toBe(0);
  });

  it('makes two invalidations within one second both hold: a session started between them ends with the second', async () => {
    type Invalidation = (session: Session, resetToken: string) => Promise<LightMyRequestResponse>;
    const everywhere: Invalidation = (session) => signOutEverywhere(session);
    const passwordReset: Invalidation = (_session, token) => reset(token);
    const orders: Array<[string, Invalidation, Invalidation]> = [
      ['sign-out everywhere, then a password reset', everywhere, passwordReset],
      ['a password reset, then sign-out everywhere', passwordReset, everywhere],
      ['sign-out everywhere twice', everywhere, everywhere],
    ];
    for (const [what, first, second] of orders) {
      let checked = false;
      for (let attempt = 1; attempt <= 5 && !checked; attempt += 1) {
        const user = await newUser();
        const resetToken = await resetTokenOf(user.id);
        // Start at the beginning of a second, so that everything below happens within it.
        await sleep(1000 - (Date.now() % 1000));
        const startedAt = Date.now();
        const a = await signIn(api, user.email, OLD_PASSWORD, someAddress());
        expect((await first(a, resetToken)).statusCode).toBe(204);
        const password = first === passwordReset ? NEW_PASSWORD : OLD_PASSWORD;
        const b = await signIn(api, user.email, password, someAddress());
        // A third session, the one that invalidates, so that B's own sign-out plays no part.
        const c = await signIn(api, user.email, password, someAddress());
        expect((await second(c, resetToken)).statusCode).toBe(204);
        const finishedAt = Date.now();
        if (Math.floor(startedAt / 1000) !== Math.floor(finishedAt / 1000)) continue;
        checked = true;
        expect({ what, a: await stillWorking(a), b: await stillWorking(b) }).toEqual({
          what,
          a: [],
          b: [],
        });
      }
      expect(`${what}: within one second ${checked}`).toBe(`${what}: within one second true`);
    }
  });

  it('signs nobody in by an invitation whose password was checked before a reset, and leaves it pending', async () => {
    const hasher = api.app.get(PasswordHasher);
    const verify = hasher.verify.bind(hasher);
    const failures: string[] = [];
    for (let round = 1; round <= 5; round += 1) {
      const user = await newUser();
      const live = await signIn(api, user.email, OLD_PASSWORD, someAddress());
      const invitation = await invitationFor(user.email);
      const resetToken = await resetTokenOf(user.id);
      let resetAnswered: Promise<LightMyRequestResponse> | undefined;
      // The acceptance checks the old password, then waits until the reset has committed.
      jest.spyOn(hasher, 'verify').mockImplementationOnce(async (hash, password) => {
        const matches = await verify(hash, password);
        resetAnswered = reset(resetToken);
        await resetAnswered;
        return matches;
      });
      const accepted = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${invitation}/accept`,
        remoteAddress: someAddress(),
        payload: { name: 'Racer', password: OLD_PASSWORD },
      });
      expect((await resetAnswered)?.statusCode).toBe(204);
      if (accepted.statusCode === 200) {
        const working = await stillWorking(sessionFrom(accepted));
        failures.push(`round ${round}: accepted, ${working.join(', ') || 'a dead session'}`);
      } else if (accepted.statusCode !== 401) {
        failures.push(`round ${round}: ${accepted.statusCode}`);
      }
      expect(await stillWorking(live)).toEqual([]);
      // Still pending: the invitee accepts it with the new password.
      const again = await api.request({
        method: 'POST',
        url: `/api/auth/invitations/${invitation}/accept`,
        remoteAddress: someAddress(),
        payload: { name: 'Racer', password: NEW_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
    }
    expect(failures).toEqual([]);
  });
});
