import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CLAIM_FILING_WINDOW_DAYS,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  type ClaimStatus,
  REQUIRED_EVIDENCE,
} from '../src/claims/claim-lifecycle.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { overviewReference } from './oracles/overview.reference.js';
import {
  DEMO_CLAIM_COUNTS as GENERATED_CLAIM_COUNTS,
  DEMO_NAMED_CLAIMS,
} from '../src/database/seed/demo-claims.js';
import { DEMO_STAFF_CLAIMS } from '../src/database/seed/demo-staff-work.js';

/** Every demo partner's claims: the generated ones and the staff workspace's (filed last). */
const DEMO_CLAIM_COUNTS = Object.fromEntries(
  Object.entries(GENERATED_CLAIM_COUNTS).map(([slug, count]) => [
    slug,
    count + (DEMO_STAFF_CLAIMS[slug] ?? 0),
  ]),
);
import { loadDemoData } from '../src/database/seed/demo-data.js';
import { DEMO_NAMED_ITEMS } from '../src/database/seed/demo-inventory.js';
import { claimViolations } from './support/claim-invariants.js';
import { overviewTableViolations } from './support/overview-invariants.js';
import { rollupViolations } from './support/rollup-invariants.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * The named demo claims' numbers, as docs/product.md §6 states them (outside tests rely on them).
 */
const NAMED_CLAIM_NUMBERS: Record<string, number> = {
  'acme-draft-damaged-no-photo': 254,
  'acme-draft-lost': 257,
  'acme-submitted': 252,
  'acme-in-review': 248,
  'acme-info-requested': 244,
  'acme-approved-partially': 228,
  'acme-paid': 201,
  'acme-rejected': 214,
  'acme-withdrawn': 237,
  'northwind-draft-other': 216,
  'northwind-submitted': 212,
  'northwind-info-requested': 205,
  'globex-submitted': 173,
  'globex-info-requested': 166,
};

interface ClaimRow {
  id: string;
  slug: string;
  number: number;
  type: string;
  status: ClaimStatus;
  item_id: string | null;
  movement_id: string | null;
  quantity: number;
  unit_value: number;
  amount_claimed: string;
  amount_approved: string | null;
  incident_date: string;
  created_by: string;
  submitted_at: Date | null;
  decided_at: Date | null;
  decision_reason: string | null;
  payout_reference: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

interface EventRow {
  claim_id: string;
  kind: string;
  from_status: ClaimStatus | null;
  to_status: ClaimStatus | null;
  body: string | null;
  at: Date;
  actor: string;
  actor_role: string | null;
  actor_staff: boolean;
}

/** The demo claims as the embedded default loads them (PGlite; PostgreSQL with TEST_DATABASE_URL). */
describe('the demo claims', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const loadedAt = new Date();
  let claims: ClaimRow[];
  let eventsByClaim: Map<string, EventRow[]>;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await startTestDatabase();
    dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolSize: 2, migrationsRun: true }),
    );
    await dataSource.initialize();
    expect(await loadDemoData(dataSource, loadedAt)).toBe('loaded');
    claims = (await dataSource.query(
      `SELECT c.*, c.incident_date::text AS incident_date, p.slug, u.email AS created_by
         FROM claims c JOIN partners p ON p.id = c.partner_id
         JOIN users u ON u.id = c.created_by_user_id
        WHERE c.partner_id = p.id
        ORDER BY p.slug, c.number`,
    )) as ClaimRow[];
    const events = (await dataSource.query(
      `SELECT e.claim_id, e.kind, e.from_status, e.to_status, e.body, e.at, u.email AS actor,
              m.role AS actor_role, u.is_staff AS actor_staff
         FROM claim_events e JOIN users u ON u.id = e.actor_user_id
         LEFT JOIN memberships m ON m.user_id = u.id AND m.partner_id = e.partner_id
        WHERE e.partner_id IS NOT NULL
        ORDER BY e.claim_id, e.at, e.id`,
    )) as EventRow[];
    eventsByClaim = new Map();
    for (const event of events) {
      const list = eventsByClaim.get(event.claim_id) ?? [];
      list.push(event);
      eventsByClaim.set(event.claim_id, list);
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.stop();
  });

  const bySlug = (slug: string) => claims.filter((claim) => claim.slug === slug);

  it('holds a few hundred claims per partner, numbered 1..n without a gap, the counter at n', async () => {
    for (const [slug, count] of Object.entries(DEMO_CLAIM_COUNTS)) {
      expect(bySlug(slug).map((claim) => claim.number)).toEqual(
        Array.from({ length: count }, (_, i) => i + 1),
      );
    }
    const counters = (await dataSource.query(
      `SELECT p.slug, c.last_number FROM claim_number_counters c JOIN partners p ON p.id = c.partner_id
        WHERE c.partner_id = p.id ORDER BY p.slug`,
    )) as Array<{ slug: string; last_number: number }>;
    expect(Object.fromEntries(counters.map((row) => [row.slug, row.last_number]))).toEqual(
      DEMO_CLAIM_COUNTS,
    );
  });

  it('numbers the claims in the order they were filed, over 18 months up to the load', () => {
    for (const slug of Object.keys(DEMO_CLAIM_COUNTS)) {
      const times = bySlug(slug).map((claim) => claim.created_at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const days = (ms: number) => (loadedAt.getTime() - ms) / 86_400_000;
      expect(days(times[0] as number)).toBeGreaterThan(450);
      expect(days(times[times.length - 1] as number)).toBeGreaterThanOrEqual(0);
    }
  });

  it('has claims of every status and type in every partner', () => {
    for (const slug of Object.keys(DEMO_CLAIM_COUNTS)) {
      const mine = bySlug(slug);
      expect(new Set(mine.map((claim) => claim.status))).toEqual(new Set(CLAIM_STATUSES));
      expect(new Set(mine.map((claim) => claim.type))).toEqual(new Set(CLAIM_TYPES));
    }
  });

  it('keeps every rule of the claims: numbers, counts, timelines by the lifecycle table, filing rules', async () => {
    expect(await claimViolations(dataSource)).toEqual([]);
  });

  it('writes the audit row of every decision, as the API does', async () => {
    const [row] = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM claim_events WHERE partner_id IS NOT NULL AND kind = 'transition'
                 AND to_status IN ('approved', 'rejected', 'paid')) AS decisions,
              (SELECT count(*)::int FROM audit_logs WHERE partner_id IS NOT NULL
                 AND action IN ('claim.approved', 'claim.rejected', 'claim.paid')) AS audited`,
    )) as Array<{ decisions: number; audited: number }>;
    expect(row?.decisions).toBeGreaterThan(300);
    expect(row?.audited).toBe(row?.decisions);
  });

  it('files movement claims by the filing rules, inside the filing window', async () => {
    const rows = (await dataSource.query(
      `SELECT c.type, c.quantity, c.unit_value, c.incident_date::text AS incident_date, c.submitted_at,
              m.kind, m.quantity AS moved, m.item_id = c.item_id AS same_item, i.unit_value AS item_unit_value,
              (m.occurred_at AT TIME ZONE p.time_zone)::date::text AS movement_date,
              (c.submitted_at AT TIME ZONE p.time_zone)::date - c.incident_date AS days_to_submit
         FROM claims c JOIN partners p ON p.id = c.partner_id
         JOIN inventory_movements m ON m.partner_id = c.partner_id AND m.id = c.movement_id
         JOIN inventory_items i ON i.partner_id = c.partner_id AND i.id = c.item_id
        WHERE c.partner_id = p.id`,
    )) as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(500);
    const kindOf: Record<string, string> = { lost: 'loss', damaged: 'damage', shortage: 'receipt' };
    for (const row of rows) {
      expect(row).toMatchObject({ kind: kindOf[row.type as string], same_item: true });
      expect(row.quantity as number).toBeLessThanOrEqual(Math.abs(row.moved as number));
      expect(row.unit_value).toBe(row.item_unit_value);
      expect(row.incident_date).toBe(row.movement_date);
      if (row.submitted_at !== null) {
        expect(row.days_to_submit as number).toBeLessThanOrEqual(CLAIM_FILING_WINDOW_DAYS);
      }
    }
    const [{ twice }] = (await dataSource.query(
      `SELECT count(*)::int AS twice FROM (SELECT movement_id FROM claims WHERE movement_id IS NOT NULL
         AND status <> 'withdrawn' GROUP BY movement_id HAVING count(*) > 1) d`,
    )) as [{ twice: number }];
    expect(twice).toBe(0);
  });

  it('attaches the evidence each type needs to every claim past draft, as real files', async () => {
    const attachments = (await dataSource.query(
      `SELECT a.claim_id, a.content_type, a.size, a.sha256, a.filename, b.content
         FROM claim_attachments a
         JOIN claim_evidence_blobs b ON b.partner_id = a.partner_id AND b.id::text = a.storage_key
        WHERE a.partner_id IS NOT NULL`,
    )) as Array<{
      claim_id: string;
      content_type: string;
      size: number;
      sha256: string;
      filename: string;
      content: Buffer;
    }>;
    const [{ all }] = (await dataSource.query(
      `SELECT count(*)::int AS "all" FROM claim_attachments WHERE partner_id IS NOT NULL`,
    )) as [{ all: number }];
    expect(attachments).toHaveLength(all);
    const magic: Record<string, string> = {
      'application/pdf': '25504446',
      'image/png': '89504e47',
      'image/jpeg': 'ffd8ff',
    };
    for (const file of attachments) {
      expect(file.content.length).toBe(file.size);
      expect(createHash('sha256').update(file.content).digest('hex')).toBe(file.sha256);
      expect(file.content.toString('hex').startsWith(magic[file.content_type] ?? '?')).toBe(true);
    }
    const byClaim = new Map<string, string[]>();
    for (const file of attachments)
      byClaim.set(file.claim_id, [...(byClaim.get(file.claim_id) ?? []), file.content_type]);
    for (const claim of claims) {
      const needed = REQUIRED_EVIDENCE[claim.type as keyof typeof REQUIRED_EVIDENCE];
      if (needed === null || claim.status === 'draft') continue;
      const types = byClaim.get(claim.id) ?? [];
      expect([
        claim.slug,
        claim.number,
        types.some((type) => (needed.contentTypes as readonly string[]).includes(type)),
      ]).toEqual([claim.slug, claim.number, true]);
    }
  });

  it('has the staff workspace’s demo (docs/product.md §6): assigned waiting claims, internal notes, one large claim waiting for a second approval', async () => {
    const staff = (await dataSource.query(
      `SELECT email, is_staff FROM users WHERE email IN ('staff@portal.example', 'reviewer@portal.example') ORDER BY email`,
    )) as Array<{ email: string; is_staff: boolean }>;
    expect(staff).toEqual([
      { email: 'reviewer@portal.example', is_staff: true },
      { email: 'staff@portal.example', is_staff: true },
    ]);
    const waiting = (await dataSource.query(
      `SELECT p.slug, u.email AS assignee, count(*)::int AS n,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM claim_events e WHERE e.partner_id = c.partner_id
                AND e.claim_id = c.id AND e.kind = 'assignment' AND e.actor_user_id = c.assignee_user_id))::int AS with_event
         FROM claims c JOIN partners p ON p.id = c.partner_id LEFT JOIN users u ON u.id = c.assignee_user_id
        WHERE c.status IN ('submitted', 'in_review')
        GROUP BY 1, 2`,
    )) as Array<{ slug: string; assignee: string | null; n: number; with_event: number }>;
    for (const slug of Object.keys(DEMO_CLAIM_COUNTS)) {
      const mine = waiting.filter((row) => row.slug === slug);
      // Some assigned to each staff member (each with its event), some not.
      expect(mine.map((row) => row.assignee ?? 'nobody').sort()).toEqual([
        'nobody',
        'reviewer@portal.example',
        'staff@portal.example',
      ]);
      for (const row of mine) {
        expect(row.with_event).toBe(row.assignee === null ? 0 : row.n);
      }
    }
    const notes = (await dataSource.query(
      `SELECT p.slug, count(*)::int AS n FROM claim_events e JOIN partners p ON p.id = e.partner_id
        WHERE e.kind = 'internal_note' GROUP BY 1 ORDER BY 1`,
    )) as Array<{ slug: string; n: number }>;
    expect(notes).toEqual([
      { slug: 'acme-outdoor', n: 1 },
      { slug: 'globex', n: 1 },
      { slug: 'northwind', n: 1 },
    ]);
    const pending = (await dataSource.query(
      `SELECT p.slug, c.number, c.status, c.amount_claimed::int AS claimed,
              c.pending_approval_amount::int AS amount, u.email AS by
         FROM claims c JOIN partners p ON p.id = c.partner_id JOIN users u ON u.id = c.pending_approval_by_user_id`,
    )) as Array<Record<string, unknown>>;
    expect(pending).toEqual([
      {
        slug: 'acme-outdoor',
        number: DEMO_CLAIM_COUNTS['acme-outdoor'],
        status: 'in_review',
        claimed: 145_000,
        amount: 145_000,
        by: 'staff@portal.example',
      },
    ]);
  });

  it('keeps the named claims the docs list', async () => {
    const skus = new Map(
      (
        (await dataSource.query(
          `SELECT id, sku FROM inventory_items WHERE partner_id IS NOT NULL`,
        )) as Array<{ id: string; sku: string }>
      ).map((row) => [row.id, row.sku]),
    );
    for (const [slug, named] of Object.entries(DEMO_NAMED_CLAIMS)) {
      for (const expected of named) {
        const claim = bySlug(slug).find((row) => row.number === NAMED_CLAIM_NUMBERS[expected.key]);
        expect([
          expected.key,
          claim?.status,
          claim?.type,
          claim?.created_by,
          claim?.item_id === null ? null : skus.get(claim?.item_id ?? ''),
          claim?.movement_id,
          claim?.quantity,
        ]).toEqual([
          expected.key,
          expected.status,
          expected.type,
          expected.creatorEmail,
          expected.sku,
          // Filed from a movement of its own unless of type other (docs/product.md §4).
          expected.type === 'other' ? null : expect.any(String),
          expected.quantity,
        ]);
        const events = eventsByClaim.get(claim?.id ?? '') ?? [];
        const attachments = events.filter((event) => event.kind === 'attachment');
        if (!expected.evidence) expect(attachments).toEqual([]);
        if (expected.partial === true) {
          expect(Number(claim?.amount_approved)).toBeLessThan(Number(claim?.amount_claimed));
        }
        if (expected.status === 'info_requested') {
          expect(events.filter((event) => event.kind === 'transition').at(-1)?.body).toBe(
            expected.infoRequest,
          );
        }
        if (expected.status === 'draft') {
          // A draft the tests submit: its incident inside the filing window.
          const incident = new Date(`${claim?.incident_date ?? ''}T12:00:00Z`).getTime();
          expect((loadedAt.getTime() - incident) / 86_400_000).toBeLessThan(10);
        }
      }
    }
  });

  it('leaves the named items’ recent losses and damages unclaimed, and others near the end of the window', async () => {
    for (const [slug, items] of Object.entries(DEMO_NAMED_ITEMS)) {
      for (const item of items.filter((named) => named.incident !== undefined)) {
        const [{ claimed }] = (await dataSource.query(
          `SELECT count(c.id)::int AS claimed
             FROM inventory_movements m
             JOIN inventory_items i ON i.partner_id = m.partner_id AND i.id = m.item_id
             JOIN partners p ON p.id = m.partner_id
             LEFT JOIN claims c ON c.partner_id = m.partner_id AND c.movement_id = m.id
            WHERE p.slug = $1 AND m.partner_id = p.id AND i.sku = $2 AND m.kind IN ('loss', 'damage')
              AND m.occurred_at > $3::timestamptz - interval '61 days'
              -- The named claims' own movements are theirs (docs/product.md §4), not incidents.
              AND (c.id IS NULL OR c.number <> ALL($4::int[]))`,
          [
            slug,
            item.sku,
            loadedAt.toISOString(),
            (DEMO_NAMED_CLAIMS[slug as keyof typeof DEMO_NAMED_CLAIMS] ?? []).map(
              (claim) => NAMED_CLAIM_NUMBERS[claim.key],
            ),
          ],
        )) as [{ claimed: number }];
        expect([slug, item.sku, claimed]).toEqual([slug, item.sku, 0]);
      }
    }
    const closing = (await dataSource.query(
      `SELECT p.slug, count(*)::int AS n
         FROM inventory_movements m JOIN partners p ON p.id = m.partner_id
        WHERE m.partner_id = p.id AND m.kind IN ('loss', 'damage')
          AND m.occurred_at BETWEEN $1::timestamptz - interval '60 days' AND $1::timestamptz - interval '45 days'
          AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.partner_id = m.partner_id AND c.movement_id = m.id)
        GROUP BY p.slug ORDER BY p.slug`,
      [loadedAt.toISOString()],
    )) as Array<{ slug: string; n: number }>;
    expect(closing.map((row) => row.slug)).toEqual(['acme-outdoor', 'globex', 'northwind']);
    for (const row of closing) expect(row.n).toBeGreaterThanOrEqual(2);
  });

  it('leave the dashboard rollups equal to a GROUP BY of their events and movements', async () => {
    expect(await rollupViolations(dataSource)).toEqual([]);
    const [counts] = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM claim_daily_stats WHERE partner_id IS NOT NULL) AS claim_days,
              (SELECT count(*)::int FROM claim_decision_histograms WHERE partner_id IS NOT NULL) AS decision_days,
              (SELECT count(*)::int FROM inventory_daily_stats WHERE partner_id IS NOT NULL) AS movement_days`,
    )) as Array<Record<string, number>>;
    expect(counts?.claim_days).toBeGreaterThan(0);
    expect(counts?.decision_days).toBeGreaterThan(0);
    expect(counts?.movement_days).toBeGreaterThan(0);
  });

  it('leaves the overview’s tables equal to their raw rows, and every partner something to attend to', async () => {
    expect(await overviewTableViolations(dataSource)).toEqual([]);
    // docs/product.md §6: drafts, information requested, and losses and damages near the end of
    // their filing window, in every demo partner's needs-attention list.
    const partners = (await dataSource.query(
      `SELECT id, slug FROM partners ORDER BY slug`,
    )) as Array<{ id: string; slug: string }>;
    for (const partner of partners) {
      const { needsAttention } = await overviewReference(
        (sql, parameters) => dataSource.query(sql, [...parameters]),
        partner.id,
        loadedAt,
      );
      const kinds = (kind: string, maxDaysLeft = Infinity) =>
        needsAttention.filter(
          (entry) => entry.kind === kind && (entry.daysLeft ?? 0) <= maxDaysLeft,
        ).length;
      const closing = kinds('unclaimed_loss', 10) + kinds('unclaimed_damage', 10);
      expect([
        partner.slug,
        kinds('draft') >= 2,
        kinds('info_requested') >= 1,
        closing >= 2,
      ]).toEqual([partner.slug, true, true, true]);
    }
  });
});
