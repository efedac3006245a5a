import type { Membership } from './me';

/** How a role reads on screen. */
export const roleLabels: Record<Membership['role'], string> = {
  viewer: 'Viewer',
  manager: 'Manager',
  admin: 'Admin',
};
