import { ProblemException } from '#src/common/problem-details.js';

/**
 * "No such partner" and "not a member" are one answer, from one place: no enumeration of partners.
 * The partner guard gives it for every partner route; a route that names partners in its body (a
 * person's notification preferences) gives the same for a partner the caller does not belong to.
 */
export function partnerNotFound(): ProblemException {
  return new ProblemException(404, 'not_found', 'No such partner.');
}
