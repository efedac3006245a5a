import { Link } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';

/** The way back from the password screens. */
export const backToSignIn = <Link href={paths.signIn()}>Back to sign in</Link>;
