import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ListQueryDto } from '#src/common/list/index.js';
import { MEMBER_LIST } from '../members.repository.js';
import { MEMBERSHIP_ROLES, type MembershipRole } from '../membership.entity.js';
import { PARTNER_STATUSES, type PartnerStatus } from '../partner.entity.js';
import { USER_STATUSES, type UserStatus } from '#src/users/user.entity.js';

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

/** `?limit=&sort=&cursor=` of the members list (sorts: name, email, role, memberSince; default name). */
export class MemberListQueryDto extends ListQueryDto(MEMBER_LIST) {}

export class ChangeRoleDto {
  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  @IsIn(MEMBERSHIP_ROLES)
  role!: MembershipRole;
}
