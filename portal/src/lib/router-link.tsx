import type { RouterLinkProps } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

/**
 * Renders ui-kit's links through react-router, so that they navigate client-side. Plugged in once,
 * for the whole app, with `<RouterLinkProvider component={RouterLink}>` in `app/providers.tsx`.
 */
export function RouterLink({ href, ...props }: RouterLinkProps) {
  return <Link to={href} {...props} />;
}
