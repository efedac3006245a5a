import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** The route needs no signed-in user (every other route does: the JWT guard is global). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const ACCOUNT_CHECK_DELEGATED = 'auth:account-check-delegated';

/**
 * The JWT guard verifies the token and leaves the account check (active, token not older than the last
 * sign-out-everywhere) to a later guard that does it in its own query: set only by `@PartnerController()`,
 * whose partner guard reads the account with the membership in one round trip. The partners module
 * refuses to start when a route carries it without `:partnerSlug`.
 */
export const AccountCheckDelegated = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCOUNT_CHECK_DELEGATED, true);
