import type { ApiErrorMessages } from '@/lib/api-errors';
import { roleLabels, type PartnerRole } from '@/lib/auth';

/** The roles an admin gives, least first: the order of every role picker. */
export const partnerRoles: readonly PartnerRole[] = ['viewer', 'manager', 'admin'];

export const isPartnerRole = (value: string): value is PartnerRole =>
  partnerRoles.some((role) => role === value);

export const roleOptions = partnerRoles.map((role) => ({ value: role, label: roleLabels[role] }));

/** What each role may do, in a line (docs/product.md §2). */
export const roleDescriptions: Record<PartnerRole, string> = {
  viewer: 'Reads everything and exports CSV.',
  manager: 'A viewer who also files and manages claims and sets reorder points.',
  admin: 'A manager who also invites people, changes their roles and removes them.',
};

/** Says that only admins may do this, for a person whose role changed since the page loaded. */
const NOT_AN_ADMIN =
  'Only admins of this partner can do this, and you no longer are one. Reload the page to see your current role.';

/** The screen's words for a refused change of a member (a role, a removal). */
export const memberChangeMessages: ApiErrorMessages = {
  byStatus: {
    400: (error) => error.detail ?? 'The server refused this change.',
    403: NOT_AN_ADMIN,
    404: 'This person is no longer a member of this partner. Reload the page to see who is.',
    409: (error) =>
      error.code === 'last_admin'
        ? 'A partner keeps at least one admin. Make someone else an admin first.'
        : (error.detail ?? 'This conflicts with the partner’s current members.'),
  },
};

/** The screen's words for a refused invitation (an e-mail already a member lands on its field). */
export const inviteMessages: ApiErrorMessages = {
  byStatus: {
    403: NOT_AN_ADMIN,
    409: (error) =>
      error.code === 'already_member'
        ? null
        : (error.detail ?? 'This invitation conflicts with the partner’s current members.'),
  },
};

/** The screen's words for a refused revocation. */
export const revokeMessages: ApiErrorMessages = {
  byStatus: {
    403: NOT_AN_ADMIN,
    404: 'This invitation is no longer pending: it was accepted, revoked or has expired. The list is up to date again.',
  },
};
