import { Link } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { RouterLink } from '@/lib/router-link';

/** The way back from the password screens. */
export const backToSignIn = (
  <Link as={RouterLink} href={paths.signIn()}>
    Back to sign in
  </Link>
);
