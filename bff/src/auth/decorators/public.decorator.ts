import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** The route needs no signed-in user (every other route does: the JWT guard is global). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const ACCOUNT_CHECK_DEFERRED = 'auth:account-check-deferred';

/**
 * For the benchmark's "JWT verification alone" route only: the JWT guard skips its lookup of the
 * user's state. Partner routes never need it (the partner guard's one query checks the account); the
 * authorization matrix test fails if any route of the application carries it.
 */
export const AccountCheckDeferred = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCOUNT_CHECK_DEFERRED, true);
