import { paths } from '@/config/paths';

import type { Session } from './me';

/**
 * Where "/" leads a signed-in person: straight to the overview of their only partner, or to the
 * partner picker ("/") when they have several, or none (staff open a partner by its slug there).
 */
export function landingPath(session: Session): string {
  const [only, ...others] = session.memberships;
  if (only !== undefined && others.length === 0) return paths.overview(only.partner.slug);
  return paths.home();
}
