import type { Session } from '@/lib/auth';

/** Sessions and partners shaped like the demo data of docs/product.md §6. */

export const acme = { slug: 'acme-outdoor', name: 'Acme Outdoor Co.' };
export const northwind = { slug: 'northwind', name: 'Northwind Goods' };

export const viewerSession: Session = {
  user: { id: 'u-viewer', email: 'viewer@acme.example', name: 'Vera Viewer', isStaff: false },
  memberships: [{ partner: acme, role: 'viewer', openClaims: 12 }],
};

export const multiSession: Session = {
  user: { id: 'u-multi', email: 'multi@example.com', name: 'Morgan Multi', isStaff: false },
  memberships: [
    { partner: acme, role: 'manager', openClaims: 12 },
    { partner: northwind, role: 'viewer', openClaims: 0 },
  ],
};

export const staffSession: Session = {
  user: { id: 'u-staff', email: 'staff@portal.example', name: 'Sam Staff', isStaff: true },
  memberships: [],
};

/** A staff member who also belongs to a partner (docs/product.md §3a: the picker, the queue first). */
export const staffMemberSession: Session = {
  user: { id: 'u-staff-member', email: 'ops@portal.example', name: 'Olli Ops', isStaff: true },
  memberships: [{ partner: acme, role: 'viewer', openClaims: 12 }],
};

export const partnerBody = (partner: { slug: string; name: string }) => ({
  ...partner,
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  status: 'active',
  role: 'viewer',
});
