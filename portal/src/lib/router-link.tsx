import { type AnchorHTMLAttributes, type Ref } from 'react';
import { Link } from 'react-router-dom';

export interface RouterLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** Lets ui-kit components that render `<a href>` navigate client-side through react-router. */
export function RouterLink({ href, ...props }: RouterLinkProps) {
  return <Link to={href} {...props} />;
}
