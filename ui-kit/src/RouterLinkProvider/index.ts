export {
  RouterLinkProvider,
  type RouterLinkComponent,
  type RouterLinkProps,
  type RouterLinkProviderProps,
} from './RouterLinkProvider';
