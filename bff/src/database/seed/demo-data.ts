import type { DataSource } from 'typeorm';
import { Membership, type MembershipRole } from '#src/partners/membership.entity.js';
import { Partner } from '#src/partners/partner.entity.js';
import { hashPassword } from '#src/users/password-hash.js';
import { User } from '#src/users/user.entity.js';
import { loadDemoClaims } from './demo-claims.js';
import { itemsWithIncidents, loadDemoInventory } from './demo-inventory.js';
import { loadDemoStaffWork } from './demo-staff-work.js';

/** The password of every demo user (docs/product.md §6); outside tests rely on it. */
export const DEMO_PASSWORD = 'portal-demo-passphrase';

export const DEMO_PARTNERS = [
  { slug: 'acme-outdoor', name: 'Acme Outdoor Co.', currency: 'EUR', timeZone: 'Europe/Berlin' },
  { slug: 'northwind', name: 'Northwind Goods', currency: 'USD', timeZone: 'America/New_York' },
  { slug: 'globex', name: 'Globex Retail', currency: 'GBP', timeZone: 'Europe/London' },
] as const;

type DemoPartnerSlug = (typeof DEMO_PARTNERS)[number]['slug'];

export interface DemoUser {
  email: string;
  name: string;
  isStaff: boolean;
  memberships: ReadonlyArray<{ partner: DemoPartnerSlug; role: MembershipRole }>;
  /** How the README and the start-up log describe the account. */
  access: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@acme.example',
    name: 'Ada Admin',
    isStaff: false,
    memberships: [{ partner: 'acme-outdoor', role: 'admin' }],
    access: 'admin of acme-outdoor',
  },
  {
    email: 'manager@acme.example',
    name: 'Max Manager',
    isStaff: false,
    memberships: [{ partner: 'acme-outdoor', role: 'manager' }],
    access: 'manager of acme-outdoor',
  },
  {
    email: 'viewer@acme.example',
    name: 'Vera Viewer',
    isStaff: false,
    memberships: [{ partner: 'acme-outdoor', role: 'viewer' }],
    access: 'viewer of acme-outdoor',
  },
  {
    email: 'multi@example.com',
    name: 'Morgan Multi',
    isStaff: false,
    memberships: [
      { partner: 'acme-outdoor', role: 'manager' },
      { partner: 'northwind', role: 'viewer' },
    ],
    access: 'manager of acme-outdoor, viewer of northwind',
  },
  {
    email: 'admin@northwind.example',
    name: 'Nora Northwind',
    isStaff: false,
    memberships: [{ partner: 'northwind', role: 'admin' }],
    access: 'admin of northwind',
  },
  {
    email: 'admin@globex.example',
    name: 'Gwen Globex',
    isStaff: false,
    memberships: [{ partner: 'globex', role: 'admin' }],
    access: 'admin of globex',
  },
  {
    email: 'staff@portal.example',
    name: 'Sam Staff',
    isStaff: true,
    memberships: [],
    access: 'staff',
  },
  {
    email: 'reviewer@portal.example',
    name: 'Riley Reviewer',
    isStaff: true,
    memberships: [],
    access: 'staff (gives the second approval)',
  },
];

/**
 * The staff who decided the generated demo claims: Sam Staff alone, so that the generated claims stay
 * the same whoever else is staff; Riley Reviewer's work is the staff workspace's (`loadDemoStaffWork`).
 */
const DEMO_CLAIM_REVIEWERS = ['staff@portal.example'];

export type DemoDataOutcome = 'loaded' | 'skipped-not-empty';

/**
 * Loads the demo data in one transaction, unless the database already holds data: a database with any
 * partner or user is never touched. The caller decides whether demo data is wanted at all.
 */
export async function loadDemoData(
  dataSource: DataSource,
  /** The load's instant: the 18 months of inventory history and the claims end there. */
  now = new Date(),
): Promise<DemoDataOutcome> {
  return dataSource.transaction(async (manager) => {
    // Serialises concurrent first starts of several instances on one database.
    await manager.query('LOCK TABLE partners, users IN SHARE ROW EXCLUSIVE MODE');
    const existing = (await manager.count(Partner)) + (await manager.count(User));
    if (existing > 0) return 'skipped-not-empty';

    const partners = new Map<string, Partner>();
    const userIds = new Map<string, string>();
    for (const demo of DEMO_PARTNERS) {
      const partner = await manager.save(manager.create(Partner, { ...demo, status: 'active' }));
      partners.set(demo.slug, partner);
    }

    // One hash for all: the password is the same (and published), and argon2 costs ~0.1 s each.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const demo of DEMO_USERS) {
      const user = await manager.save(
        manager.create(User, {
          email: demo.email,
          name: demo.name,
          isStaff: demo.isStaff,
          status: 'active',
          passwordHash,
        }),
      );
      userIds.set(demo.email, user.id);
      for (const membership of demo.memberships) {
        const partner = partners.get(membership.partner);
        if (partner === undefined)
          throw new Error(`Demo user ${demo.email} names unknown partner ${membership.partner}`);
        await manager.save(
          manager.create(Membership, {
            partnerId: partner.id,
            userId: user.id,
            role: membership.role,
          }),
        );
      }
    }

    const partnerIds = new Map([...partners].map(([slug, partner]) => [slug, partner.id]));
    const query = (sql: string, parameters: unknown[]) => manager.query(sql, parameters);
    const inventory = await loadDemoInventory(query, partnerIds, now);
    await loadDemoClaims(
      query,
      DEMO_PARTNERS.map((demo) => {
        const batches = inventory.get(demo.slug) ?? [];
        return {
          ...demo,
          id: partnerIds.get(demo.slug) as string,
          inventory: batches,
          itemsWithIncidents: itemsWithIncidents(demo.slug, batches),
        };
      }),
      userIds,
      (slug) =>
        DEMO_USERS.filter((user) =>
          user.memberships.some(
            (membership) =>
              membership.partner === slug &&
              (membership.role === 'manager' || membership.role === 'admin'),
          ),
        ).map((user) => user.email),
      DEMO_CLAIM_REVIEWERS,
      now,
    );
    const userIdOf = (email: string) => {
      const id = userIds.get(email);
      if (id === undefined) throw new Error(`No demo user ${email}`);
      return id;
    };
    await loadDemoStaffWork(
      query,
      DEMO_PARTNERS.map((demo) => ({ ...demo, id: partnerIds.get(demo.slug) as string })),
      userIdOf('staff@portal.example'),
      userIdOf('reviewer@portal.example'),
      (slug) => userIdOf(slug === 'acme-outdoor' ? 'admin@acme.example' : `admin@${slug}.example`),
      now,
    );
    return 'loaded';
  });
}
