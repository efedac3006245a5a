import { SetMetadata } from '@nestjs/common';
import type { MembershipRole } from '../membership.entity.js';

export const PARTNER_ACCESS = 'partners:access';

/**
 * Who may use a route under /api/partners/{partnerSlug}. Without it: every member, and staff.
 * `role`: the least role of a member (viewer < manager < admin); `null`: no member role is enough, the
 * route is staff's alone (recording inventory movements). `staff`: whether staff pass too (default:
 * only when no role is required).
 */
export interface PartnerAccessRule {
  role?: MembershipRole | null;
  staff?: boolean;
}

export const PartnerAccess = (rule: PartnerAccessRule): MethodDecorator & ClassDecorator =>
  SetMetadata(PARTNER_ACCESS, rule);
