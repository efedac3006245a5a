import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { ListModule } from '../common/list/index.js';
import { PartnerAccessGuard } from './guards/partner-access.guard.js';
import { declaredRoutes, partnerRouteProblems } from './guards/partner-routes.js';
import { MembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';
import { PartnersController } from './partners.controller.js';
import { PartnersRepository } from './partners.repository.js';

/**
 * Partners and their members, and the partner guard (global: it runs after the JWT and CSRF guards,
 * whose module is imported before this one). Refuses to start when a route under /api/partners/ would
 * escape the guard.
 */
@Module({
  imports: [DiscoveryModule, ListModule, ApiKeysModule],
  controllers: [PartnersController],
  providers: [
    PartnersRepository,
    MembersRepository,
    MembersService,
    { provide: APP_GUARD, useClass: PartnerAccessGuard },
  ],
  exports: [MembersRepository],
})
export class PartnersModule implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const routes = this.discovery.getControllers().flatMap((wrapper) => {
      const controller = wrapper.metatype as { name: string; prototype: object } | null;
      return controller === null ? [] : declaredRoutes(controller);
    });
    const problems = partnerRouteProblems(routes);
    if (problems.length > 0) {
      throw new Error(
        `Routes under /api/partners/ must be @PartnerController() routes with :partnerSlug, each with @Scopes() or @KeysNever():\n  ${problems.join('\n  ')}`,
      );
    }
  }
}
