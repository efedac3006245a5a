import { Module } from '@nestjs/common';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { MembersService } from './members.service.js';
import { PartnersController } from './partners.controller.js';

/** Partners, their members and invitations. The partner guard is global (see AuthModule). */
@Module({
  controllers: [PartnersController, InvitationsController],
  providers: [MembersService, InvitationsService],
})
export class PartnersModule {}
