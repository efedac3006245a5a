import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { PartnerRefDto } from '#src/auth/dto/auth.dto.js';
import { ListQueryDto } from '#src/common/list/index.js';
import { INVITATION_LIST } from '../invitations.repository.js';
import { MEMBERSHIP_ROLES, type MembershipRole } from '#src/partners/membership.entity.js';

export class CreateInvitationDto {
  @ApiProperty({ example: 'new.person@acme.example', maxLength: 320 })
  @IsEmail()
  @MaxLength(320)
  email!: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  @IsIn(MEMBERSHIP_ROLES)
  role!: MembershipRole;
}

export class CreatedInvitationDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  role!: MembershipRole;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class InvitationDto {
  @ApiProperty({ example: 'new.person@acme.example' })
  email!: string;

  @ApiProperty({ type: PartnerRefDto })
  partner!: PartnerRefDto;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  role!: MembershipRole;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class AcceptInvitationDto {
  @ApiProperty({ example: 'Ivy Invited', minLength: 1, maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name!: string;

  @ApiProperty({
    description:
      'The new account’s password (15–128 characters, not common, not containing the e-mail); for an existing account, its current password.',
    format: 'password',
    maxLength: 1024,
  })
  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class InviterDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;
}

/** A pending invitation, as the partner's admins see it. */
export class PendingInvitationDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'new.person@acme.example' })
  email!: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  role!: MembershipRole;

  @ApiProperty({ type: InviterDto, nullable: true, description: 'null once the inviter is gone.' })
  invitedBy!: InviterDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class InvitationListQueryDto extends ListQueryDto(INVITATION_LIST) {}
