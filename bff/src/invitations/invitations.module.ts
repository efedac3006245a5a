import { Module } from '@nestjs/common';
import { ListModule } from '../common/list/index.js';
import { PartnersModule } from '../partners/partners.module.js';
import { UsersModule } from '../users/users.module.js';
import { InvitationsController, PartnerInvitationsController } from './invitations.controller.js';
import { InvitationsRepository } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';

/**
 * Invitations: an admin invites by e-mail (inside a partner), the invitee accepts (public, by token)
 * and is signed in. Depends on auth (sessions, passwords) and partners (members); neither knows it.
 */
@Module({
  imports: [ListModule, PartnersModule, UsersModule],
  controllers: [InvitationsController, PartnerInvitationsController],
  providers: [InvitationsRepository, InvitationsService],
})
export class InvitationsModule {}
