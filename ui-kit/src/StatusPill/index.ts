export {
  StatusPill,
  claimStatusLabels,
  claimStatusTones,
  stockStateLabels,
  stockStateTones,
  type ClaimStatus,
  type StatusPillProps,
  type StatusPillStatus,
  type StockState,
} from './StatusPill';
