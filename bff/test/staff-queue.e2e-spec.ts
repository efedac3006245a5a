import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource, type EntitySubscriberInterface } from 'typeorm';
import type { ClaimStatus, ClaimType } from '../src/claims/claim-lifecycle.js';
import type { Partner } from '../src/partners/partner.entity.js';
import { CHEAP_ARGON2, createUser } from './support/identity.js';
import { bearerOf, createPartner, insertItems } from './support/inventory.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * The staff workspace's reads (docs/api.md, "The staff workspace"): the review queue across partners
 * (filters, sorts, keyset walks, also while claims are submitted and decided, CSV, 400s), its summary,
 * the partner directory, and who may read them (401 signed out, 403 for a partner's admin). Every
 * answer is held against an in-memory oracle of the claims the file inserted; a property test walks
 * random queries. `PROPERTY_RUNS` sets its runs, `PROPERTY_SEED` replays one.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? '30');
const SEED = Number(process.env.PROPERTY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)));

const DAY = 24 * 60 * 60 * 1000;
/** REVIEW_TARGET_DAYS for this file's application. */
const TARGET_DAYS = 5;
const WAITING: readonly ClaimStatus[] = ['submitted', 'in_review'];
const TYPES: readonly ClaimType[] = ['lost', 'damaged', 'shortage', 'other'];
const SORTS = ['waitingSince', 'amountClaimed', 'submittedAt'] as const;

/** A claim as the oracle knows it. */
interface Known {
  id: string;
  partner: Partner;
  number: number;
  type: ClaimType;
  status: ClaimStatus;
  sku: string | null;
  amount: number;
  waitingSince: number | null;
  submittedAt: number | null;
  decidedAt: number | null;
  assignee: string | null;
  description: string;
}

interface QueueItem {
  id: string;
  number: string;
  status: ClaimStatus;
  type: ClaimType;
  partner: { slug: string; name: string };
  overdue: boolean;
  waitingSince: string | null;
  assignee: { id: string; name: string } | null;
  amountClaimed: { amount: number; currency: string };
  allowedActions: string[];
  pendingApproval: unknown;
}

interface QueuePage {
  items: QueueItem[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
}

interface QueueQuery {
  status?: string;
  partner?: number;
  type?: ClaimType;
  assignee?: 'me' | 'none' | 'other';
  q?: string;
  minAmount?: number;
  maxAmount?: number;
  overdue?: 'true' | 'false';
  sort: string;
  limit: number;
}

describe('the staff workspace: queue, summary, partner directory', () => {
  let database: TestDatabase;
  let api: TestApp;
  let dataSource: DataSource;
  const partners: Partner[] = [];
  const known: Known[] = [];
  const ids: Record<'staff' | 'otherStaff' | 'memberStaff' | 'admin', string> = {
    staff: '',
    otherStaff: '',
    memberStaff: '',
    admin: '',
  };
  const tokens: Record<'staff' | 'otherStaff' | 'memberStaff' | 'admin', string> = {
    staff: '',
    otherStaff: '',
    memberStaff: '',
    admin: '',
  };
  const skus: string[][] = [];
  /** When the file's data was made: waiting times are before it. */
  const now = Date.now();

  async function insertClaim(
    partnerIndex: number,
    claim: {
      type: ClaimType;
      status: ClaimStatus;
      item?: number;
      amount: number;
      waitingDaysAgo?: number;
      submittedDaysAgo?: number;
      decidedDaysAgo?: number;
      assignee?: string | null;
      description?: string;
    },
  ): Promise<Known> {
    const partner = partners[partnerIndex];
    if (partner === undefined) throw new Error('no partner');
    const [counter] = (await dataSource.query(
      `INSERT INTO claim_number_counters (partner_id, last_number) VALUES ($1, 1)
       ON CONFLICT (partner_id) DO UPDATE SET last_number = claim_number_counters.last_number + 1
       RETURNING last_number`,
      [partner.id],
    )) as Array<{ last_number: number }>;
    const number = counter?.last_number ?? 0;
    const waiting = WAITING.includes(claim.status);
    const at = (days: number | undefined) =>
      days === undefined ? null : new Date(now - Math.round(days * DAY));
    const waitingSince = waiting ? at(claim.waitingDaysAgo ?? 1) : null;
    const submittedAt =
      claim.status === 'draft' ? null : at(claim.submittedDaysAgo ?? claim.waitingDaysAgo ?? 1);
    const decidedAt = at(claim.decidedDaysAgo);
    const itemIds = await dataSource.query(
      `SELECT id, sku FROM inventory_items WHERE partner_id = $1 ORDER BY sku`,
      [partner.id],
    );
    // A claim of another type than `other` is for an item (claims_item_check).
    const itemIndex = claim.item ?? (claim.type === 'other' ? undefined : 0);
    const item =
      itemIndex === undefined
        ? undefined
        : (itemIds as Array<{ id: string; sku: string }>)[itemIndex];
    const description = claim.description ?? `Claim ${randomUUID()}`;
    const [row] = (await dataSource.query(
      `INSERT INTO claims (partner_id, number, type, status, item_id, quantity, unit_value,
         amount_claimed, amount_approved, currency, incident_date, description, submitted_at,
         decided_at, waiting_since, assignee_user_id, version, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6::integer, $6::bigint, $7::bigint, 'EUR', CURRENT_DATE, $8, $9, $10, $11, $12, 1,
         $13, $13)
       RETURNING id`,
      [
        partner.id,
        number,
        claim.type,
        claim.status,
        item?.id ?? null,
        claim.amount,
        claim.status === 'approved' || claim.status === 'paid' ? claim.amount : null,
        description,
        submittedAt,
        decidedAt,
        waitingSince,
        claim.assignee ?? null,
        new Date(now - 40 * DAY),
      ],
    )) as Array<{ id: string }>;
    if (row === undefined) throw new Error('no claim');
    const record: Known = {
      id: row.id,
      partner,
      number,
      type: claim.type,
      status: claim.status,
      sku: item?.sku ?? null,
      amount: claim.amount,
      waitingSince: waitingSince?.getTime() ?? null,
      submittedAt: submittedAt?.getTime() ?? null,
      decidedAt: decidedAt?.getTime() ?? null,
      assignee: claim.assignee ?? null,
      description,
    };
    known.push(record);
    return record;
  }

  beforeAll(async () => {
    database = await startTestDatabase();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { ...CHEAP_ARGON2, REVIEW_TARGET_DAYS: String(TARGET_DAYS) },
    });
    dataSource = api.app.get(DataSource);
    for (const prefix of ['queue-alpha', 'queue-beta', 'queue-gamma']) {
      partners.push(await createPartner(dataSource, prefix));
    }
    // A partner name to search by, and one that would be a formula in a spreadsheet.
    await dataSource.query(`UPDATE partners SET name = 'Zeta Goods' WHERE id = $1`, [
      partners[1]?.id,
    ]);
    await dataSource.query(`UPDATE partners SET name = '=Gamma Traders' WHERE id = $1`, [
      partners[2]?.id,
    ]);
    for (const partner of partners) {
      const refreshed = (await dataSource.query(`SELECT name FROM partners WHERE id = $1`, [
        partner.id,
      ])) as Array<{ name: string }>;
      partner.name = refreshed[0]?.name ?? partner.name;
    }
    const tag = randomUUID().slice(0, 8);
    const email = (who: string) => `${who}-${tag}@staff-queue.test`;
    ids.staff = await createUser(dataSource, email('staff'), 'unused', [], { isStaff: true });
    ids.otherStaff = await createUser(dataSource, email('other-staff'), 'unused', [], {
      isStaff: true,
    });
    ids.memberStaff = await createUser(
      dataSource,
      email('member-staff'),
      'unused',
      [{ slug: partners[1]?.slug ?? '', role: 'manager' }],
      { isStaff: true },
    );
    ids.admin = await createUser(dataSource, email('admin'), 'unused', [
      { slug: partners[0]?.slug ?? '', role: 'admin' },
    ]);
    for (const who of ['staff', 'otherStaff', 'memberStaff', 'admin'] as const) {
      tokens[who] = await bearerOf(
        api,
        email(who === 'otherStaff' ? 'other-staff' : who === 'memberStaff' ? 'member-staff' : who),
      );
    }
    for (const [index, partner] of partners.entries()) {
      const items = await insertItems(
        dataSource,
        partner.id,
        ['TENT', 'STOVE', 'ROPE'].map((word) => ({
          sku: `${word}-${index}`,
          name: `${word} item`,
        })),
      );
      skus.push(items.map((item) => item.sku).sort());
    }

    // Generated claims: every status, waiting from 0 to 12 days (ties on purpose), amounts with ties.
    const generated = fc.sample(
      fc.record({
        partner: fc.integer({ min: 0, max: 2 }),
        type: fc.constantFrom(...TYPES),
        status: fc.constantFrom<ClaimStatus>(
          'submitted',
          'in_review',
          'submitted',
          'in_review',
          'draft',
          'info_requested',
          'approved',
          'rejected',
        ),
        item: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
        amount: fc.constantFrom(100, 2_500, 99_999, 150_000, 7),
        waitingDaysAgo: fc.constantFrom(0.5, 2, 4.9, 5.1, 7, 12, 7),
        assignee: fc.constantFrom<'staff' | 'otherStaff' | null>(null, null, 'staff', 'otherStaff'),
      }),
      { numRuns: 90, seed: 4242 },
    );
    for (const claim of generated) {
      const decided = claim.status === 'approved' || claim.status === 'rejected';
      await insertClaim(claim.partner, {
        type: claim.type,
        status: claim.status,
        item: claim.item,
        amount: claim.amount,
        waitingDaysAgo: claim.waitingDaysAgo,
        submittedDaysAgo: claim.waitingDaysAgo + 1,
        decidedDaysAgo: decided ? claim.waitingDaysAgo / 2 : undefined,
        assignee: claim.assignee === null ? null : ids[claim.assignee],
      });
    }
    // A claim whose description would be a formula, with an internal note that no export shows.
    const formula = await insertClaim(0, {
      type: 'other',
      status: 'submitted',
      amount: 4_200,
      waitingDaysAgo: 3,
      description: '=HYPERLINK("http://evil.test")',
    });
    await dataSource.query(
      `INSERT INTO claim_events (partner_id, claim_id, actor_user_id, kind, body)
       VALUES ($1, $2, $3, 'internal_note', 'SECRET-STAFF-NOTE')`,
      [formula.partner.id, formula.id, ids.staff],
    );
    await dataSource.query('ANALYZE claims');
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
  });

  const get = (url: string, who?: keyof typeof tokens) =>
    api.request({
      url,
      headers: who === undefined ? {} : { authorization: `Bearer ${tokens[who]}` },
    });

  function params(query: QueueQuery, cursor?: string): URLSearchParams {
    const search = new URLSearchParams({ sort: query.sort, limit: String(query.limit) });
    if (query.status !== undefined) search.set('status', query.status);
    if (query.partner !== undefined) search.set('partner', partners[query.partner]?.slug ?? '');
    if (query.type !== undefined) search.set('type', query.type);
    if (query.assignee !== undefined) {
      search.set('assignee', query.assignee === 'other' ? ids.otherStaff : query.assignee);
    }
    if (query.q !== undefined) search.set('q', query.q);
    if (query.minAmount !== undefined) search.set('minAmount', String(query.minAmount));
    if (query.maxAmount !== undefined) search.set('maxAmount', String(query.maxAmount));
    if (query.overdue !== undefined) search.set('overdue', query.overdue);
    if (cursor !== undefined) search.set('cursor', cursor);
    return search;
  }

  async function page(query: QueueQuery, cursor?: string): Promise<QueuePage> {
    const response = await get(`/api/staff/claims?${params(query, cursor).toString()}`, 'staff');
    if (response.statusCode !== 200) {
      throw new Error(
        `${params(query, cursor).toString()} → ${response.statusCode} ${response.body}`,
      );
    }
    return response.json<QueuePage>();
  }

  /** The oracle: the known claims the query lists, in its order. */
  function expected(query: QueueQuery, claims: readonly Known[] = known): Known[] {
    const statuses = query.status?.split(',') ?? WAITING;
    const overdueBefore = Date.now() - TARGET_DAYS * DAY;
    const q = query.q?.trim().toLowerCase();
    const matches = (claim: Known): boolean => {
      if (!statuses.includes(claim.status)) return false;
      if (query.partner !== undefined && claim.partner !== partners[query.partner]) return false;
      if (query.type !== undefined && claim.type !== query.type) return false;
      if (query.assignee === 'me' && claim.assignee !== ids.staff) return false;
      if (query.assignee === 'none' && claim.assignee !== null) return false;
      if (query.assignee === 'other' && claim.assignee !== ids.otherStaff) return false;
      if (query.minAmount !== undefined && claim.amount < query.minAmount) return false;
      if (query.maxAmount !== undefined && claim.amount > query.maxAmount) return false;
      const waiting = claim.waitingSince ?? 0;
      if (query.overdue === 'true' && !(waiting < overdueBefore)) return false;
      if (query.overdue === 'false' && waiting < overdueBefore) return false;
      if (q !== undefined && q !== '') {
        const number = /^(clm-?)?(\d+)$/.exec(q);
        const byNumber = number !== null && claim.number === Number(number[2]);
        const byText =
          (claim.sku !== null &&
            `${claim.sku} ${claim.sku.split('-')[0]?.toLowerCase()} item`
              .toLowerCase()
              .includes(q)) ||
          claim.partner.name.toLowerCase().includes(q);
        if (number?.[1] !== undefined ? !byNumber : !(byNumber || byText)) return false;
      }
      return true;
    };
    const descending = query.sort.startsWith('-');
    const field = (descending ? query.sort.slice(1) : query.sort) as (typeof SORTS)[number];
    const key = (claim: Known) =>
      field === 'waitingSince'
        ? (claim.waitingSince ?? 0)
        : field === 'submittedAt'
          ? (claim.submittedAt ?? 0)
          : claim.amount;
    return claims.filter(matches).sort((a, b) => {
      const order = key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      return descending ? -order : order;
    });
  }

  /** Every page of the query, forwards then backwards from the last: the ids in order. */
  async function walk(query: QueueQuery): Promise<{ forwards: string[]; backwards: string[] }> {
    const forwards: string[] = [];
    const pages: QueuePage[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 200; guard += 1) {
      const current = await page(query, cursor);
      pages.push(current);
      forwards.push(...current.items.map((item) => item.id));
      if (current.nextCursor === null) break;
      cursor = current.nextCursor;
    }
    const backwards: string[] = [...(pages.at(-1)?.items.map((item) => item.id) ?? [])];
    let previous = pages.at(-1)?.prevCursor ?? null;
    while (previous !== null) {
      const current = await page(query, previous);
      backwards.unshift(...current.items.map((item) => item.id));
      previous = current.prevCursor;
    }
    return { forwards, backwards };
  }

  describe('who may read it', () => {
    const paths = [
      '/api/staff/claims',
      '/api/staff/claims.csv',
      '/api/staff/summary',
      '/api/staff/partners',
      '/api/staff/users',
    ];

    it('answers 401 signed out and 403 forbidden to a partner admin, on every endpoint', async () => {
      for (const path of paths) {
        const signedOut = await get(path);
        expect([path, signedOut.statusCode]).toEqual([path, 401]);
        const admin = await get(path, 'admin');
        expect([path, admin.statusCode, admin.json<{ code: string }>().code]).toEqual([
          path,
          403,
          'forbidden',
        ]);
        const staff = await get(path, 'staff');
        expect([path, staff.statusCode]).toEqual([path, 200]);
      }
    });

    it('refuses a user at once when they stop being staff', async () => {
      await dataSource.query(`UPDATE users SET is_staff = false WHERE id = $1`, [ids.otherStaff]);
      try {
        expect((await get('/api/staff/claims', 'otherStaff')).statusCode).toBe(403);
      } finally {
        await dataSource.query(`UPDATE users SET is_staff = true WHERE id = $1`, [ids.otherStaff]);
      }
      expect((await get('/api/staff/claims', 'otherStaff')).statusCode).toBe(200);
    });
  });

  describe('the queue', () => {
    it('lists every waiting claim of every partner, oldest waiting first, as staff see a claim', async () => {
      const query: QueueQuery = { sort: 'waitingSince', limit: 100 };
      const first = await page(query);
      const oracle = expected(query);
      expect(oracle.length).toBeGreaterThan(30);
      expect(first.items.map((item) => item.id)).toEqual(oracle.slice(0, 100).map((c) => c.id));
      expect(first).toMatchObject({ total: oracle.length, totalExact: true, prevCursor: null });
      const overdueBefore = Date.now() - TARGET_DAYS * DAY;
      for (const item of first.items) {
        const claim = known.find((candidate) => candidate.id === item.id);
        if (claim === undefined) throw new Error('unknown claim');
        expect(item.partner).toEqual({ slug: claim.partner.slug, name: claim.partner.name });
        expect(item.overdue).toBe((claim.waitingSince ?? 0) < overdueBefore);
        expect(item.waitingSince).toBe(new Date(claim.waitingSince ?? 0).toISOString());
        expect(item.assignee?.id ?? null).toBe(claim.assignee);
        expect(item.pendingApproval).toBeNull();
        expect(item.amountClaimed).toEqual({ amount: claim.amount, currency: 'EUR' });
        expect(item.number).toBe(`CLM-${String(claim.number).padStart(6, '0')}`);
      }
      expect(first.items.some((item) => item.overdue)).toBe(true);
      expect(first.items.some((item) => !item.overdue)).toBe(true);
    });

    it('shows a staff member who belongs to a claim’s partner no staff action on it', async () => {
      const response = await get(
        `/api/staff/claims?partner=${partners[1]?.slug}&status=submitted`,
        'memberStaff',
      );
      const items = response.json<QueuePage>().items;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.allowedActions).not.toContain('start_review');
      const mine = (
        await page({ partner: 1, status: 'submitted', sort: 'waitingSince', limit: 100 })
      ).items;
      for (const item of mine) expect(item.allowedActions).toContain('start_review');
    });

    it('reads the caller’s memberships with the account check: separated at once, no statement of its own', async () => {
      const partner = partners[2];
      if (partner === undefined) throw new Error('no partner');
      const query = { partner: 2, status: 'submitted', sort: 'waitingSince', limit: 100 };
      expect((await page(query)).items.length).toBeGreaterThan(0);
      await dataSource.query(
        `INSERT INTO memberships (partner_id, user_id, role) VALUES ($1, $2, 'viewer')`,
        [partner.id, ids.staff],
      );
      const sent: string[] = [];
      const recorder: EntitySubscriberInterface = {
        beforeQuery: (event) => void sent.push(event.query.replace(/\s+/g, ' ')),
      };
      dataSource.subscribers.push(recorder);
      try {
        const items = (await page(query)).items;
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(item.allowedActions).not.toContain('start_review');
        // One statement reads the memberships: the account check's, which reads the user too.
        const reads = sent.filter((text) => /\bmemberships\b/.test(text));
        expect(reads).toHaveLength(1);
        expect(reads[0]).toMatch(/\bFROM users u WHERE u\.id = /);
      } finally {
        dataSource.subscribers.splice(dataSource.subscribers.indexOf(recorder), 1);
        await dataSource.query(`DELETE FROM memberships WHERE partner_id = $1 AND user_id = $2`, [
          partner.id,
          ids.staff,
        ]);
      }
      for (const item of (await page(query)).items) {
        expect(item.allowedActions).toContain('start_review');
      }
    });

    it.each<[string, Omit<QueueQuery, 'sort' | 'limit'>]>([
      ['submitted only', { status: 'submitted' }],
      ['in review only', { status: 'in_review' }],
      ['both statuses, named', { status: 'in_review,submitted' }],
      ['a partner', { partner: 1 }],
      ['a type', { type: 'damaged' }],
      ['assigned to me', { assignee: 'me' }],
      ['unassigned', { assignee: 'none' }],
      ['assigned to another staff member', { assignee: 'other' }],
      ['a claim number', { q: 'CLM-000003' }],
      ['digits: a number or text', { q: '2' }],
      ['an item’s SKU', { q: 'stove-1' }],
      ['a partner’s name', { q: 'zeta' }],
      ['an amount range', { minAmount: 100, maxAmount: 99_999 }],
      ['overdue', { overdue: 'true' }],
      ['not overdue', { overdue: 'false' }],
      [
        'everything at once',
        { partner: 0, type: 'lost', assignee: 'none', overdue: 'true', minAmount: 7 },
      ],
    ])('filters: %s', async (_name, filters) => {
      for (const sort of ['waitingSince', '-amountClaimed']) {
        const query = { ...filters, sort, limit: 100 };
        const listed = (await page(query)).items.map((item) => item.id);
        expect(listed).toEqual(expected(query).map((claim) => claim.id));
      }
    });

    it.each(SORTS.flatMap((sort) => [sort, `-${sort}`]))(
      'walks sort %s page by page, forwards and back, without a repeat or a gap',
      async (sort) => {
        const query = { sort, limit: 7 };
        const { forwards, backwards } = await walk(query);
        const oracle = expected(query).map((claim) => claim.id);
        expect(forwards).toEqual(oracle);
        expect(backwards).toEqual(oracle);
      },
    );

    it('walks the queue without a repeat or a gap while claims are submitted and decided', async () => {
      const query: QueueQuery = { sort: 'waitingSince', limit: 6 };
      const before = new Set(expected(query).map((claim) => claim.id));
      const seen: string[] = [];
      const decided = new Set<string>();
      let cursor: string | undefined;
      let round = 0;
      for (;;) {
        const current = await page(query, cursor);
        seen.push(...current.items.map((item) => item.id));
        // Meanwhile: a new submission (waiting from now), and a decision on a claim not yet seen and
        // one already seen, through the API (staff approve an in-review claim).
        round += 1;
        await insertClaim(round % 3, {
          type: 'other',
          status: 'submitted',
          amount: 500,
          waitingDaysAgo: 0,
        });
        const unseen = expected(query).filter(
          (claim) =>
            !seen.includes(claim.id) &&
            claim.status === 'in_review' &&
            claim.partner !== partners[1],
        );
        const target = unseen.at(-1);
        if (target !== undefined) {
          const response = await api.request({
            method: 'POST',
            url: `/api/partners/${target.partner.slug}/claims/${target.id}/transitions`,
            headers: { authorization: `Bearer ${tokens.staff}`, 'if-match': '"1"' },
            payload: { action: 'approve', amountApproved: 1 },
          });
          expect([target.id, response.statusCode, response.body]).toEqual([
            target.id,
            200,
            expect.any(String),
          ]);
          target.status = 'approved';
          decided.add(target.id);
        }
        const alreadySeen = known.find(
          (claim) => claim.id === seen[0] && WAITING.includes(claim.status),
        );
        if (alreadySeen !== undefined) {
          await dataSource.query(
            `UPDATE claims SET status = 'rejected', decided_at = now(), version = version + 1
              WHERE partner_id = $1 AND id = $2`,
            [alreadySeen.partner.id, alreadySeen.id],
          );
          alreadySeen.status = 'rejected';
          decided.add(alreadySeen.id);
        }
        if (current.nextCursor === null) break;
        cursor = current.nextCursor;
      }
      // No repeat; every claim that waited throughout was listed, in order.
      expect(new Set(seen).size).toBe(seen.length);
      const throughout = [...before].filter((id) => !decided.has(id));
      for (const id of throughout) expect(seen).toContain(id);
      const waitingOf = (id: string) => known.find((claim) => claim.id === id)?.waitingSince ?? 0;
      const keys = seen.map((id) => [waitingOf(id), id] as const);
      for (let index = 1; index < keys.length; index += 1) {
        const [previous, current] = [keys[index - 1], keys[index]];
        if (previous === undefined || current === undefined) continue;
        expect(
          previous[0] < current[0] || (previous[0] === current[0] && previous[1] < current[1]),
        ).toBe(true);
      }
      expect(decided.size).toBeGreaterThan(0);
    });

    it.each([
      ['status=approved', 'status'],
      ['status=submitted,draft', 'status'],
      ['status=submitted,submitted', 'status'],
      ['status=', 'status'],
      ['sort=createdAt', 'sort'],
      ['sort=-number', 'sort'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['assignee=someone', 'assignee'],
      ['assignee=123', 'assignee'],
      ['minAmount=-1', 'minAmount'],
      ['minAmount=1.5', 'minAmount'],
      ['maxAmount=ten', 'maxAmount'],
      ['overdue=yes', 'overdue'],
      ['type=broken', 'type'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['cursor=not-a-cursor', 'cursor'],
      ['unknown=1', 'unknown'],
    ])('answers 400 validation for %s', async (search, field) => {
      const response = await get(`/api/staff/claims?${search}`, 'staff');
      expect(response.statusCode).toBe(400);
      const problem = response.json<{ code: string; errors?: Array<{ field: string }> }>();
      expect(problem.code).toBe('validation');
      expect(problem.errors?.map((error) => error.field)).toContain(field);
    });

    it('refuses a cursor of another sort, of the partner directory, or of a partner’s claims list', async () => {
      const queueCursor = (await page({ sort: 'waitingSince', limit: 2 })).nextCursor;
      expect(queueCursor).not.toBeNull();
      const otherSort = await get(
        `/api/staff/claims?sort=-waitingSince&cursor=${queueCursor}`,
        'staff',
      );
      expect(otherSort.statusCode).toBe(400);
      const directory = (await get('/api/staff/partners?limit=1', 'staff')).json<QueuePage>()
        .nextCursor;
      expect(directory).not.toBeNull();
      expect((await get(`/api/staff/claims?cursor=${directory}`, 'staff')).statusCode).toBe(400);
      expect((await get(`/api/staff/partners?cursor=${queueCursor}`, 'staff')).statusCode).toBe(
        400,
      );
      const claims = await get(
        `/api/partners/${partners[0]?.slug}/claims?limit=1&sort=amountClaimed`,
        'staff',
      );
      const claimsCursor = claims.json<QueuePage>().nextCursor;
      expect(claimsCursor).not.toBeNull();
      expect(
        (await get(`/api/staff/claims?sort=amountClaimed&cursor=${claimsCursor}`, 'staff'))
          .statusCode,
      ).toBe(400);
    });

    it('exports the filtered queue as CSV in its order, formula-safe, without an internal note', async () => {
      const query: QueueQuery = { sort: '-amountClaimed', limit: 100, partner: 0 };
      const search = params(query);
      search.delete('limit');
      const response = await get(`/api/staff/claims.csv?${search.toString()}`, 'staff');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="review-queue-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = response.body.trimEnd().split(/\r?\n/);
      expect(lines[0]).toBe(
        'number,partner,partner_name,type,status,sku,item,quantity,amount_claimed,currency,incident_date,assignee,created_by,submitted_at,waiting_since,overdue,description',
      );
      const numbers = lines.slice(1).map((line) => line.split(',')[0]);
      expect(numbers).toEqual(
        expected(query).map((claim) => `CLM-${String(claim.number).padStart(6, '0')}`),
      );
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
      expect(response.body).not.toContain('SECRET-STAFF-NOTE');
      const gamma = await get(`/api/staff/claims.csv?partner=${partners[2]?.slug}`, 'staff');
      expect(gamma.body).toContain(`'=Gamma Traders`);
      expect(gamma.body).not.toMatch(/,=Gamma/);
    });
  });

  it('the summary counts what the queue holds and what was decided', async () => {
    const response = await get('/api/staff/summary', 'staff');
    expect(response.statusCode).toBe(200);
    const summary = response.json<{
      waiting: number;
      overdue: number;
      oldestWaitingSince: string | null;
      decidedLast7Days: number;
      medianDaysToDecision30d: number | null;
    }>();
    const at = Date.now();
    const waiting = known.filter((claim) => WAITING.includes(claim.status));
    const overdueBefore = at - TARGET_DAYS * DAY;
    const decided = (
      (await dataSource.query(
        `SELECT extract(epoch FROM decided_at)::float8 * 1000 AS decided,
                extract(epoch FROM submitted_at)::float8 * 1000 AS submitted
           FROM claims WHERE partner_id = ANY($1::uuid[]) AND decided_at IS NOT NULL`,
        [partners.map((partner) => partner.id)],
      )) as Array<{ decided: number; submitted: number | null }>
    ).map((row) => ({
      decided: Number(row.decided),
      submitted: row.submitted === null ? null : Number(row.submitted),
    }));
    const in30 = decided
      .filter((row) => row.decided >= at - 30 * DAY && row.submitted !== null)
      .map((row) => (row.decided - (row.submitted ?? 0)) / DAY)
      .sort((a, b) => a - b);
    const middle = Math.floor(in30.length / 2);
    const median =
      in30.length === 0
        ? null
        : in30.length % 2 === 1
          ? in30[middle]
          : ((in30[middle - 1] ?? 0) + (in30[middle] ?? 0)) / 2;
    expect(summary).toEqual({
      waiting: waiting.length,
      overdue: waiting.filter((claim) => (claim.waitingSince ?? 0) < overdueBefore).length,
      oldestWaitingSince: new Date(
        Math.min(...waiting.map((claim) => claim.waitingSince ?? 0)),
      ).toISOString(),
      decidedLast7Days: decided.filter((row) => row.decided >= at - 7 * DAY).length,
      medianDaysToDecision30d: expect.any(Number),
    });
    expect(summary.medianDaysToDecision30d).toBeCloseTo(median ?? -1, 1);
  });

  it('lists the active staff users by name, whom a claim may be assigned to', async () => {
    const tag = randomUUID().slice(0, 8);
    const disabled = await createUser(
      dataSource,
      `disabled-${tag}@staff-queue.test`,
      'unused',
      [],
      {
        isStaff: true,
        status: 'disabled',
      },
    );
    // Names in an order other than their e-mail addresses' (member, other, staff) and their creation's
    // (staff, other, member).
    const renamed = { otherStaff: 'Abel Other', staff: 'Mira Staff', memberStaff: 'Zora Member' };
    for (const [who, name] of Object.entries(renamed)) {
      await dataSource.query(`UPDATE users SET name = $2 WHERE id = $1`, [
        ids[who as keyof typeof renamed],
        name,
      ]);
    }
    try {
      const response = await get('/api/staff/users', 'staff');
      expect(response.statusCode).toBe(200);
      const { items } = response.json<{
        items: Array<{ id: string; name: string; email: string }>;
      }>();
      const expected = (await dataSource.query(
        `SELECT id, name, email FROM users WHERE is_staff AND status = 'active'`,
      )) as Array<{ id: string; name: string; email: string }>;
      expect(items.map((user) => user.id).sort()).toEqual(expected.map((user) => user.id).sort());
      expect(items.map((user) => user.id)).toEqual(
        expect.arrayContaining([ids.staff, ids.otherStaff, ids.memberStaff]),
      );
      expect(items.map((user) => user.id)).not.toContain(ids.admin);
      expect(items.map((user) => user.id)).not.toContain(disabled);
      // By name, in the database's collation.
      expect(
        items.map((user) => user.name).filter((name) => Object.values(renamed).includes(name)),
      ).toEqual(['Abel Other', 'Mira Staff', 'Zora Member']);
      expect(items.find((user) => user.id === ids.otherStaff)).toEqual({
        id: ids.otherStaff,
        name: 'Abel Other',
        email: expect.stringMatching(/^other-staff-.*@staff-queue\.test$/),
      });
    } finally {
      await dataSource.query(
        `UPDATE users SET name = split_part(email::text, '@', 1) WHERE id = ANY($1)`,
        [[ids.staff, ids.otherStaff, ids.memberStaff]],
      );
    }
  });

  it('the partner directory: every partner with its open and waiting claims, searched and sorted', async () => {
    const response = await get('/api/staff/partners?limit=100', 'staff');
    expect(response.statusCode).toBe(200);
    const listed = response.json<{ items: Array<Record<string, unknown>>; total: number }>();
    const byName = [...partners].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(listed.items.map((item) => item.slug)).toEqual(byName.map((partner) => partner.slug));
    expect(listed.total).toBe(partners.length);
    for (const item of listed.items) {
      const mine = known.filter((claim) => claim.partner.slug === item.slug);
      const waiting = mine.filter((claim) => WAITING.includes(claim.status));
      expect(item).toEqual({
        slug: expect.any(String),
        name: expect.any(String),
        status: 'active',
        openClaims: mine.filter((claim) =>
          ['submitted', 'in_review', 'info_requested', 'approved'].includes(claim.status),
        ).length,
        waitingClaims: waiting.length,
        oldestWaitingSince:
          waiting.length === 0
            ? null
            : new Date(Math.min(...waiting.map((claim) => claim.waitingSince ?? 0))).toISOString(),
      });
    }
    const bySlug = await get('/api/staff/partners?sort=-slug&limit=2', 'staff');
    const slugs = [...partners.map((partner) => partner.slug)].sort().reverse();
    const first = bySlug.json<{ items: Array<{ slug: string }>; nextCursor: string }>();
    expect(first.items.map((item) => item.slug)).toEqual(slugs.slice(0, 2));
    const second = await get(
      `/api/staff/partners?sort=-slug&limit=2&cursor=${first.nextCursor}`,
      'staff',
    );
    expect(
      second.json<{ items: Array<{ slug: string }> }>().items.map((item) => item.slug),
    ).toEqual(slugs.slice(2));
    const zeta = await get('/api/staff/partners?q=ZETA', 'staff');
    expect(zeta.json<{ items: Array<{ slug: string }> }>().items.map((item) => item.slug)).toEqual([
      partners[1]?.slug,
    ]);
    const slug = await get(`/api/staff/partners?q=${partners[2]?.slug.slice(-8)}`, 'staff');
    expect(slug.json<{ items: Array<{ slug: string }> }>().items.map((item) => item.slug)).toEqual([
      partners[2]?.slug,
    ]);
    for (const bad of ['sort=-waitingClaims', 'sort=status', 'limit=0', 'cursor=x', 'partner=a']) {
      expect([bad, (await get(`/api/staff/partners?${bad}`, 'staff')).statusCode]).toEqual([
        bad,
        400,
      ]);
    }
  });

  it('the queue against the oracle on random queries (property-based)', async () => {
    const sometimes = <T>(values: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
      fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: values });
    const query: fc.Arbitrary<QueueQuery> = fc.record({
      status: sometimes(fc.constantFrom('submitted', 'in_review', 'submitted,in_review')),
      partner: sometimes(fc.integer({ min: 0, max: 2 })),
      type: sometimes(fc.constantFrom(...TYPES)),
      assignee: sometimes(fc.constantFrom<'me' | 'none' | 'other'>('me', 'none', 'other')),
      q: sometimes(
        fc.constantFrom('tent', 'ROPE-2', 'zeta', 'gamma', '3', 'CLM-000002', 'nothing', ' stove '),
      ),
      minAmount: sometimes(fc.constantFrom(0, 7, 100, 2_500, 150_000)),
      maxAmount: sometimes(fc.constantFrom(7, 2_500, 99_999)),
      overdue: sometimes(fc.constantFrom<'true' | 'false'>('true', 'false')),
      sort: fc.constantFrom(...SORTS.flatMap((sort) => [sort, `-${sort}`])),
      limit: fc.integer({ min: 1, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(query, async (generated) => {
        const { forwards, backwards } = await walk(generated);
        const oracle = expected(generated).map((claim) => claim.id);
        expect(forwards).toEqual(oracle);
        expect(backwards).toEqual(oracle);
        const first = await page(generated);
        if (first.totalExact) expect(first.total).toBe(oracle.length);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
