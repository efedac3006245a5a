import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { MEMBERSHIP_ROLES, type MembershipRole } from '#src/common/roles.js';

export class SignInDto {
  @ApiProperty({ example: 'viewer@acme.example', maxLength: 320 })
  @IsString()
  @MaxLength(320)
  email!: string;

  @ApiProperty({ example: 'portal-demo-passphrase', maxLength: 1024, format: 'password' })
  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'viewer@acme.example', maxLength: 320 })
  @IsEmail()
  @MaxLength(320)
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token of the link mailed by forgot-password.' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token!: string;

  @ApiProperty({
    description: '15–128 characters, not a common password, not containing the e-mail.',
    format: 'password',
    maxLength: 1024,
  })
  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class PasswordResetDto {
  @ApiProperty({
    example: 'viewer@acme.example',
    description: 'The account the link resets: the password may not contain its local part.',
  })
  email!: string;
}

export class SessionUserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'viewer@acme.example' })
  email!: string;

  @ApiProperty({ example: 'Vera Viewer' })
  name!: string;

  @ApiProperty({ description: 'Staff may open any partner’s area.' })
  isStaff!: boolean;
}

export class PartnerRefDto {
  @ApiProperty({ example: 'acme-outdoor' })
  slug!: string;

  @ApiProperty({ example: 'Acme Outdoor Co.' })
  name!: string;
}

export class SessionMembershipDto {
  @ApiProperty({ type: PartnerRefDto })
  partner!: PartnerRefDto;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, enumName: 'MembershipRole' })
  role!: MembershipRole;

  @ApiProperty({
    type: 'integer',
    example: 3,
    description: 'The partner’s open claims: submitted, in review, info requested, approved.',
  })
  openClaims!: number;
}

/** Who is signed in and where they belong: sign-in, invitation acceptance, refresh and GET /api/me. */
export class SessionDto {
  @ApiProperty({ type: SessionUserDto })
  user!: SessionUserDto;

  @ApiProperty({ type: [SessionMembershipDto] })
  memberships!: SessionMembershipDto[];
}
