import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ProblemDetails } from '../common/problem-details.js';
import { NotificationsChangeDto, NotificationsDto } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';
import { KeysNever } from '#src/auth/decorators/scopes.decorator.js';

/** The caller's own notification preferences (docs/api.md, `GET/PUT /api/me/notifications`). */
@ApiTags('notifications')
@Controller('api/me/notifications')
@KeysNever()
@ApiCookieAuth('cookie')
@ApiBearerAuth('bearer')
@ApiUnauthorizedResponse({ type: ProblemDetails })
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({
    summary: 'What the caller is told about each of their partners.',
    operationId: 'getNotificationPreferences',
  })
  @ApiOkResponse({ type: NotificationsDto })
  get(@CurrentUser() user: AuthUser): Promise<NotificationsDto> {
    return this.notifications.of(user.id);
  }

  @Put()
  @ApiOperation({
    summary: 'Saves the caller’s choices for any of their partners (all or nothing).',
    operationId: 'putNotificationPreferences',
  })
  @ApiOkResponse({ type: NotificationsDto, description: 'Every partner of the caller, as saved.' })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A bad value, an unknown field or a partner named twice: `code: validation`.',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'CSRF: `code: csrf`.' })
  @ApiNotFoundResponse({
    type: ProblemDetails,
    description: 'A partner the caller does not belong to: `code: not_found`, nothing saved.',
  })
  put(
    @CurrentUser() user: AuthUser,
    @Body() body: NotificationsChangeDto,
  ): Promise<NotificationsDto> {
    return this.notifications.change(user.id, body);
  }
}
