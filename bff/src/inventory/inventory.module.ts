import { Module } from '@nestjs/common';
import { ListModule } from '../common/list/index.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryRepository } from './inventory.repository.js';
import { InventoryService } from './inventory.service.js';

/** A partner's inventory: items, their movements, the facets of the filter bar, the CSV export. */
@Module({
  imports: [ListModule],
  controllers: [InventoryController],
  providers: [InventoryRepository, InventoryService],
  exports: [InventoryRepository],
})
export class InventoryModule {}
