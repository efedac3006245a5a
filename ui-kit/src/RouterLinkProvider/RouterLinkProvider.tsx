import {
  createContext,
  createElement,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';

/** The props every link of the kit passes to the app's link component: an anchor's, `href` required. */
export interface RouterLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A component that renders a link the app's router follows, e.g. over react-router's `<Link to>`. */
export type RouterLinkComponent = ComponentType<RouterLinkProps>;

export interface RouterLinkProviderProps {
  /**
   * Renders every link of the kit below the provider (Link, AppShell's navigation, Breadcrumbs,
   * Pagination, Stat, DropdownMenuLinkItem, PartnerSwitcher). It must spread the props it gets,
   * `ref` included, on an `<a>`: `({ href, ...rest }) => <RouterLink to={href} {...rest} />`.
   */
  component: RouterLinkComponent;
  children?: ReactNode;
}

function Anchor(props: RouterLinkProps) {
  return <a {...props} />;
}

const RouterLinkContext = createContext<RouterLinkComponent>(Anchor);

/**
 * Plugs the app's router into the kit, once, at the root of the app: every link the kit renders
 * then navigates client-side. Without a provider, links are plain `<a href>`.
 */
export function RouterLinkProvider({ component, children }: RouterLinkProviderProps) {
  return <RouterLinkContext.Provider value={component}>{children}</RouterLinkContext.Provider>;
}

/**
 * A link rendered by the nearest RouterLinkProvider's component, or a plain `<a>` (internal: the
 * kit's components render their links with it).
 */
export function AppLink(props: RouterLinkProps) {
  // The component comes from context, set once by the app, so it is the same on every render and
  // its links are never remounted: not the per-render component react-hooks/static-components means.
  return createElement(useContext(RouterLinkContext), props);
}
