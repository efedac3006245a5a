import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MEMBERSHIP_ROLES, type MembershipRole } from '../membership.entity.js';
import { PARTNER_STATUSES, type PartnerStatus } from '../partner.entity.js';
import { USER_STATUSES, type UserStatus } from '../../users/user.entity.js';

export class PartnerDto {
  @ApiProperty({ example: 'acme-outdoor' })
  slug!: string;

  @ApiProperty({ example: 'Acme Outdoor Co.' })
  name!: string;

  @ApiProperty({
    example: 'EUR',
    description: 'ISO 4217: the currency of every amount of this partner.',
  })
  currency!: string;

  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone of the partner’s days.' })
  timeZone!: string;

  @ApiProperty({ enum: PARTNER_STATUSES })
  status!: PartnerStatus;

  @ApiProperty({
    enum: MEMBERSHIP_ROLES,
    enumName: 'MembershipRole',
    nullable: true,
    description: 'The caller’s role here; null for staff who are not members.',
  })
  role!: MembershipRole | null;
}

export class MemberDto {
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty({ example: 'viewer@acme.example' })
  email!: string;

  @ApiProperty({ example: 'Vera Viewer' })
  name!: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  role!: MembershipRole;

  @ApiProperty({ enum: USER_STATUSES })
  status!: UserStatus;

  @ApiProperty({ format: 'date-time' })
  memberSince!: string;
}

export class MemberListDto {
  @ApiProperty({ type: [MemberDto] })
  items!: MemberDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Always null: a partner’s members fit one page, ordered by name.',
  })
  nextCursor!: string | null;

  @ApiProperty()
  total!: number;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  @IsIn(MEMBERSHIP_ROLES)
  role!: MembershipRole;
}
