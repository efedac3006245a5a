export {
  PartnerSwitcher,
  type PartnerSwitcherPartner,
  type PartnerSwitcherProps,
} from './PartnerSwitcher';
