import { AuditLog } from '../audit/audit-log.entity.js';
import { PasswordResetToken } from '../auth/password/password-reset-token.entity.js';
import { RefreshToken } from '../auth/tokens/refresh-token.entity.js';
import { Invitation } from '../partners/invitation.entity.js';
import { Membership } from '../partners/membership.entity.js';
import { Partner } from '../partners/partner.entity.js';
import { User } from '../users/user.entity.js';

/** Every entity of the schema; a feature adds its entities here (the migrations must match them). */
export const ENTITIES = [
  Partner,
  User,
  Membership,
  AuditLog,
  RefreshToken,
  PasswordResetToken,
  Invitation,
];
