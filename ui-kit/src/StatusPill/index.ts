export {
  StatusPill,
  claimStatusLabels,
  claimStatusTones,
  type ClaimStatus,
  type StatusPillProps,
} from './StatusPill';
