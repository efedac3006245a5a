export { landingPath } from './landing';
export { fetchMe, meQueryKey, meQueryOptions, useMe } from './me';
export type { Membership, Session, SessionUser } from './me';
export { nextPathFrom, sanitizeNextPath } from './next-path';
export { requireSession, signInPathFor } from './require-session';
export { canManage, partnerRole, roleLabels, usePartnerRole } from './roles';
export type { PartnerRole } from './roles';
export { signOut, useSignOut } from './sign-out';
