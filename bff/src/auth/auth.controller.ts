import { Body, Controller, Get, HttpCode, Ip, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemDetails, ProblemException } from '../common/problem-details.js';
import { AppConfig } from '../config/app-config.js';
import { AuthService } from './auth.service.js';
import { clearSessionCookies, refreshCookieOf } from './cookies.js';
import { type AuthUser, CurrentUser } from './decorators/current-user.decorator.js';
import { Public } from './decorators/public.decorator.js';
import {
  ForgotPasswordDto,
  PasswordResetDto,
  ResetPasswordDto,
  SessionDto,
  SignInDto,
} from './dto/auth.dto.js';
import { UsesSessionCookies } from './guards/csrf.guard.js';
import { answerWithSession } from './session-answer.js';
import { KeysNever } from './decorators/scopes.decorator.js';

/** The session routes: the cookies are read, set and cleared here; AuthService knows no HTTP. */
@ApiTags('auth')
@ApiForbiddenResponse({ type: ProblemDetails, description: 'CSRF: `code: csrf`.' })
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Post('signin')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in: sets the access, refresh and csrf cookies.',
    operationId: 'signIn',
  })
  @ApiOkResponse({ type: SessionDto })
  @ApiUnauthorizedResponse({
    type: ProblemDetails,
    description: 'Wrong e-mail or password (`code: invalid_credentials`), the same for both.',
  })
  @ApiTooManyRequestsResponse({ type: ProblemDetails, description: 'Throttled: see Retry-After.' })
  async signIn(
    @Body() body: SignInDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionDto> {
    return answerWithSession(
      this.config,
      reply,
      await this.auth.signIn(body.email, body.password, ip),
    );
  }

  @Post('signout')
  @Public()
  @UsesSessionCookies()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sign out: revokes the session of the cookies and clears them (204 even without one).',
    operationId: 'signOut',
  })
  @ApiNoContentResponse({ description: 'Signed out.' })
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.signOut(refreshCookieOf(this.config, request), request.ip);
    clearSessionCookies(this.config, reply);
  }

  @Post('signout-everywhere')
  @KeysNever()
  @HttpCode(204)
  @ApiCookieAuth('cookie')
  @ApiBearerAuth('bearer')
  @ApiOperation({
    summary: 'Ends every session of the caller, on every device.',
    operationId: 'signOutEverywhere',
  })
  @ApiNoContentResponse({ description: 'Every session ended.' })
  @ApiUnauthorizedResponse({ type: ProblemDetails })
  async signOutEverywhere(
    @CurrentUser() user: AuthUser,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.signOutEverywhere(user, ip);
    clearSessionCookies(this.config, reply);
  }

  @Post('refresh')
  @Public()
  @UsesSessionCookies()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotates the refresh cookie and renews the access cookie.',
    operationId: 'refreshSession',
  })
  @ApiOkResponse({ type: SessionDto })
  @ApiUnauthorizedResponse({ type: ProblemDetails, description: 'No valid refresh cookie.' })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionDto> {
    try {
      const started = await this.auth.refresh(refreshCookieOf(this.config, request), request.ip);
      return answerWithSession(this.config, reply, started);
    } catch (error) {
      // No live session: its cookies go with the 401.
      if (error instanceof ProblemException && error.getStatus() === 401) {
        clearSessionCookies(this.config, reply);
      }
      throw error;
    }
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Mails a reset link if the account exists; the answer is the same either way.',
    operationId: 'forgotPassword',
  })
  @ApiAcceptedResponse({ description: 'Accepted (whether or not the e-mail exists).' })
  @ApiTooManyRequestsResponse({ type: ProblemDetails, description: 'Throttled: see Retry-After.' })
  async forgotPassword(@Body() body: ForgotPasswordDto, @Ip() ip: string): Promise<void> {
    await this.auth.forgotPassword(body.email, ip);
  }

  @Get('password-resets/:token')
  @Public()
  @ApiOperation({
    summary: 'Whether a reset link still works, without using it: the e-mail of its account.',
    operationId: 'getPasswordReset',
  })
  @ApiOkResponse({ type: PasswordResetDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: '`code: token_invalid`: unknown, used or expired (as reset-password answers).',
  })
  @ApiTooManyRequestsResponse({
    type: ProblemDetails,
    description: 'Throttled with reset-password (unknown tokens of one address): see Retry-After.',
  })
  describePasswordReset(
    @Param('token') token: string,
    @Ip() ip: string,
  ): Promise<PasswordResetDto> {
    return this.auth.describePasswordReset(token, ip);
  }

  @Post('reset-password')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sets a new password with a reset token; ends every session; does not sign in.',
    operationId: 'resetPassword',
  })
  @ApiNoContentResponse({ description: 'Password changed.' })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: '`code: token_invalid` (unknown, used or expired) or `validation`.',
  })
  @ApiTooManyRequestsResponse({
    type: ProblemDetails,
    description: 'Throttled: past 10 unknown tokens of one address in 15 minutes; see Retry-After.',
  })
  async resetPassword(@Body() body: ResetPasswordDto, @Ip() ip: string): Promise<void> {
    await this.auth.resetPassword(body.token, body.password, ip);
  }
}

@ApiTags('auth')
@Controller('api/me')
@KeysNever()
export class MeController {
  constructor(private readonly auth: AuthService) {}

  @Get()
  @ApiCookieAuth('cookie')
  @ApiBearerAuth('bearer')
  @ApiOperation({ summary: 'Who is signed in, and their partners.', operationId: 'getMe' })
  @ApiOkResponse({ type: SessionDto })
  @ApiUnauthorizedResponse({ type: ProblemDetails })
  me(@CurrentUser() user: AuthUser): Promise<SessionDto> {
    return this.auth.session(user.id);
  }
}
