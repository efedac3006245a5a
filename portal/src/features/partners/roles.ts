import type { Membership } from '@/lib/auth';

export const roleLabels: Record<Membership['role'], string> = {
  viewer: 'Viewer',
  manager: 'Manager',
  admin: 'Admin',
};
