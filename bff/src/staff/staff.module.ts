import { Module, type OnModuleInit } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { ListModule } from '#src/common/list/index.js';
import { UsersModule } from '#src/users/users.module.js';
import { STAFF_ROUTE, STAFF_ROUTE_PREFIX, StaffOnlyGuard } from './staff-only.guard.js';
import { StaffWorkspaceController } from './staff.controller.js';
import { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';

/**
 * The staff workspace's reads across partners: the review queue, its CSV and summary, the partner
 * directory (docs/product.md §3a). Refuses to start when a controller under /api/staff/ is not a
 * `@StaffController()` (behind StaffOnlyGuard).
 */
@Module({
  imports: [DiscoveryModule, ListModule, UsersModule],
  controllers: [StaffWorkspaceController],
  providers: [StaffRepository, StaffService, StaffOnlyGuard],
})
export class StaffModule implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const unguarded = this.discovery.getControllers().flatMap((wrapper) => {
      const controller = wrapper.metatype as { name: string } | null;
      if (controller === null) return [];
      const paths = [Reflect.getMetadata(PATH_METADATA, controller) as unknown].flat().map(String);
      const underStaff = paths.some((path) =>
        new RegExp(`^/?${STAFF_ROUTE_PREFIX}(/|$)`).test(path),
      );
      return underStaff && Reflect.getMetadata(STAFF_ROUTE, controller) !== true
        ? [controller.name]
        : [];
    });
    if (unguarded.length > 0) {
      throw new Error(
        `Controllers under /${STAFF_ROUTE_PREFIX}/ must be @StaffController(): ${unguarded.join(', ')}`,
      );
    }
  }
}
