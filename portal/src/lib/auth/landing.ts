import { paths } from '@/config/paths';

import type { Session } from './me';

/**
 * Where "/" leads a signed-in person: staff who belong to no partner to the review queue; staff
 * who also belong to partners to the partner picker, whose first entry is the queue (docs/product.md
 * §3a); anyone else with one partner straight to its overview, with several to the picker ("/").
 */
export function landingPath(session: Session): string {
  const [only, ...others] = session.memberships;
  if (session.user.isStaff) {
    return only === undefined ? paths.staffQueue() : paths.home();
  }
  if (only !== undefined && others.length === 0) return paths.overview(only.partner.slug);
  return paths.home();
}
