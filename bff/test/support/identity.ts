import type { LightMyRequestResponse } from 'fastify';
import type { DataSource } from 'typeorm';
import { AccessTokens } from '#src/auth/tokens/access-tokens.js';
import { RefreshSessions } from '#src/auth/tokens/refresh-sessions.js';
import { Membership, type MembershipRole } from '#src/partners/membership.entity.js';
import { Partner } from '#src/partners/partner.entity.js';
import { User, type UserStatus } from '#src/users/user.entity.js';
import type { TestApp } from './test-app.js';
import { TEST_PUBLIC_URL } from './test-app.js';

export const DEMO_PASSWORD = 'portal-demo-passphrase';
/** Cheap argon2id for the integration tests (only NODE_ENV=test may lower it). */
export const CHEAP_ARGON2 = { ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' };
export const ORIGIN = TEST_PUBLIC_URL;

export interface Session {
  access: string;
  refresh: string;
  csrf: string;
  /** The Cookie header a browser would send to /api/auth (all three cookies). */
  cookie: string;
}

export function cookiesFrom(response: LightMyRequestResponse): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const header of [response.headers['set-cookie'] ?? []].flat()) {
    const match = /^([^=]+)=([^;]*)/.exec(String(header));
    if (match?.[1] !== undefined) cookies[match[1]] = match[2] ?? '';
  }
  return cookies;
}

export function sessionFrom(response: LightMyRequestResponse): Session {
  const cookies = cookiesFrom(response);
  const access = cookies.pp_access ?? '';
  const refresh = cookies.pp_refresh ?? '';
  const csrf = cookies.csrf ?? '';
  return {
    access,
    refresh,
    csrf,
    cookie: `pp_access=${access}; pp_refresh=${refresh}; csrf=${csrf}`,
  };
}

export async function signIn(
  api: TestApp,
  email: string,
  password = DEMO_PASSWORD,
  remoteAddress?: string,
): Promise<Session> {
  const response = await api.request({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    // Each sign-in from its own address, so the per-IP limit stays out of tests about other things.
    remoteAddress:
      remoteAddress ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
  }
  return sessionFrom(response);
}

export async function userId(dataSource: DataSource, email: string): Promise<string> {
  const user = await dataSource.getRepository(User).findOneBy({ email });
  if (user === null) throw new Error(`no user ${email}`);
  return user.id;
}

/** A user with memberships, inserted directly (password hash of the demo password, cheap cost). */
export async function createUser(
  dataSource: DataSource,
  email: string,
  passwordHash: string,
  memberships: Array<{ slug: string; role: MembershipRole }> = [],
  options: { isStaff?: boolean; status?: UserStatus } = {},
): Promise<string> {
  const user = await dataSource.getRepository(User).save({
    email,
    name: email.split('@')[0] ?? email,
    passwordHash,
    status: options.status ?? 'active',
    isStaff: options.isStaff ?? false,
  });
  for (const membership of memberships) {
    const partner = await dataSource
      .getRepository(Partner)
      .findOneByOrFail({ slug: membership.slug });
    await dataSource
      .getRepository(Membership)
      .insert({ partnerId: partner.id, userId: user.id, role: membership.role });
  }
  return user.id;
}

/** Asserts that no credential handed out or sent during the file's tests appears in any log line. */
export function expectNoSecretsInLogs(api: TestApp, extra: string[] = []): void {
  const text = api.logs.lines.map((line) => JSON.stringify(line)).join('\n');
  const leaked = [...api.secrets, ...extra].filter(
    (secret) => secret.length >= 8 && text.includes(secret),
  );
  if (leaked.length > 0)
    throw new Error(`secrets in the logs: ${leaked.length} (e.g. ${leaked[0]?.slice(0, 6)}…)`);
}

/**
 * A bearer access token of a user, as an internal caller would send it, without a sign-in: of a real
 * session (a refresh family the BFF issued: a token of any other `sid` is refused, docs/api.md, Access
 * tokens), under the user's current credential generation.
 */
export async function accessTokenOf(
  api: Pick<TestApp, 'app'>,
  user: { id: string; credentialGeneration: number },
): Promise<string> {
  const session = await api.app.get(RefreshSessions).start(user.id, user.credentialGeneration);
  if (session === undefined) throw new Error(`no session for user ${user.id}`);
  return api.app
    .get(AccessTokens)
    .sign(user.id, session.sessionId, user.credentialGeneration, new Date());
}
