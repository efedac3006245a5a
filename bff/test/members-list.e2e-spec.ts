import { UsersRepository } from '../src/users/users.repository.js';
import { CHEAP_ARGON2, accessTokenOf } from './support/identity.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

interface MemberPage {
  items: Array<{ name: string; email: string; role: string; memberSince: string }>;
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

/** The members list, the first user of the shared list machinery (docs/api.md, "Lists"). */
describe('GET /api/partners/{slug}/members', () => {
  let database: TestDatabase;
  let api: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, SEED_DEMO_DATA: 'true' },
    });
    const admin = await api.app.get(UsersRepository).findByEmail('admin@acme.example');
    if (admin === undefined) throw new Error('no demo data');
    token = await accessTokenOf(api, admin);
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const list = (query: string) =>
    api.request({
      url: `/api/partners/acme-outdoor/members${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  async function page(query: string): Promise<MemberPage> {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<MemberPage>();
  }

  const names = (members: MemberPage) => members.items.map((member) => member.name);

  it('pages by name by default, forwards and back, with the exact total', async () => {
    const first = await page('?limit=2');
    expect(names(first)).toEqual(['Ada Admin', 'Max Manager']);
    expect(first).toMatchObject({ prevCursor: null, total: 4, totalExact: true });
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await page(`?limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(names(second)).toEqual(['Morgan Multi', 'Vera Viewer']);
    expect(second).toMatchObject({ nextCursor: null, total: 4 });

    const back = await page(`?limit=2&cursor=${second.prevCursor ?? ''}`);
    expect(names(back)).toEqual(['Ada Admin', 'Max Manager']);
    expect(back.prevCursor).toBeNull();
  });

  it('sorts by e-mail, role rank and member-since, either way', async () => {
    expect((await page('?sort=email')).items.map((member) => member.email)).toEqual([
      'admin@acme.example',
      'manager@acme.example',
      'multi@example.com',
      'viewer@acme.example',
    ]);
    expect((await page('?sort=-role')).items.map((member) => member.role)).toEqual([
      'admin',
      'manager',
      'manager',
      'viewer',
    ]);
    const since = (await page('?sort=memberSince')).items.map((member) => member.memberSince);
    expect(since).toEqual([...since].sort());
    const pages = [await page('?sort=-memberSince&limit=3')];
    pages.push(await page(`?sort=-memberSince&limit=3&cursor=${pages[0]?.nextCursor ?? ''}`));
    expect(pages.flatMap(names)).toHaveLength(4);
    expect(new Set(pages.flatMap(names)).size).toBe(4);
  });

  it('answers 400 validation for a tampered, a truncated and another sort’s cursor', async () => {
    const { nextCursor } = await page('?limit=1');
    if (nextCursor === null) throw new Error('no second page');
    const [payload = '', mac = ''] = nextCursor.split('.');
    const tampered = `${Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace(/"n"/, '"p"'),
    ).toString('base64url')}.${mac}`;
    const cases = {
      tampered: `?limit=1&cursor=${tampered}`,
      truncated: `?limit=1&cursor=${nextCursor.slice(0, -4)}`,
      'another sort': `?limit=1&sort=email&cursor=${nextCursor}`,
    };
    for (const [what, query] of Object.entries(cases)) {
      const response = await list(query);
      expect([what, response.statusCode, response.json<{ code: string }>().code]).toEqual([
        what,
        400,
        'validation',
      ]);
      expect(response.json<{ errors: Array<{ field: string }> }>().errors).toEqual([
        expect.objectContaining({ field: 'cursor' }),
      ]);
    }
  });

  it('answers 400 validation for a limit out of range and a sort off the allow-list', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?sort=password_hash', '?role=x']) {
      const response = await list(query);
      expect([query, response.statusCode, response.json<{ code: string }>().code]).toEqual([
        query,
        400,
        'validation',
      ]);
    }
  });
});
