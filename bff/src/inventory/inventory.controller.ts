import { Body, Get, HttpCode, Patch, Query, type StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiCsvExport, ApiPage, type Page } from '../common/list/index.js';
import { UuidParam } from '../common/uuid.js';
import { ProblemDetails } from '../common/problem-details.js';
import { IdempotentPost } from '../idempotency/decorators/idempotent-post.decorator.js';
import {
  CurrentPartner,
  type PartnerContext,
} from '../partners/decorators/current-partner.decorator.js';
import { PartnerAccess } from '../partners/decorators/partner-access.decorator.js';
import { PartnerController } from '../partners/decorators/partner-controller.decorator.js';
import {
  InventoryExportQueryDto,
  InventoryFacetsDto,
  InventoryItemDto,
  InventoryListQueryDto,
  InventoryMovementDto,
  InventoryMovementListQueryDto,
  RecordMovementDto,
  RecordedMovementDto,
  UpdateInventoryItemDto,
} from './dto/inventory.dto.js';
import { InventoryService, itemNotFound, movementNotFound } from './inventory.service.js';
import { KeysNever, Scopes } from '#src/auth/decorators/scopes.decorator.js';

const ITEM_ID = ApiParam({
  name: 'id',
  format: 'uuid',
  description: 'The item’s id; one of another partner, or not a UUID, is a 404 like a missing one.',
});
const BAD_LIST_QUERY = ApiBadRequestResponse({
  type: ProblemDetails,
  description:
    'A limit out of range, an unknown sort or filter value, a search over 100 characters, or a cursor not issued for this list and sort (`code: validation`).',
});
const NO_SUCH_ITEM = ApiNotFoundResponse({
  type: ProblemDetails,
  description: 'No such partner or item, or not a member: `code: not_found`.',
});

/** The inventory of one partner (docs/api.md, Endpoints; docs/product.md §3 and §4). */
@ApiTags('inventory')
@PartnerController()
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @Get('inventory')
  @Scopes('inventory:read')
  @ApiOperation({
    summary: 'The partner’s items, searched, filtered and sorted, a page at a time.',
    operationId: 'listInventoryItems',
  })
  @ApiPage(InventoryItemDto)
  @BAD_LIST_QUERY
  list(
    @CurrentPartner() context: PartnerContext,
    @Query() query: InventoryListQueryDto,
  ): Promise<Page<InventoryItemDto>> {
    return this.inventory.list(context, query);
  }

  @Get('inventory.csv')
  @Scopes('inventory:read')
  @ApiOperation({
    summary:
      'The filtered list as CSV, streamed (the same filters and order; up to 1,000,000 rows).',
    operationId: 'exportInventoryItems',
  })
  @ApiCsvExport('text/csv; charset=utf-8, as an attachment: a header row, then one row per item.')
  @BAD_LIST_QUERY
  export(
    @CurrentPartner() context: PartnerContext,
    @Query() query: InventoryExportQueryDto,
  ): StreamableFile {
    return this.inventory.exportCsv(context, query);
  }

  @Get('inventory/facets')
  @Scopes('inventory:read')
  @ApiOperation({
    summary: 'The partner’s categories and warehouses, each with its number of items.',
    operationId: 'getInventoryFacets',
  })
  @ApiOkResponse({ type: InventoryFacetsDto })
  facets(@CurrentPartner() context: PartnerContext): Promise<InventoryFacetsDto> {
    return this.inventory.facets(context);
  }

  @Get('inventory/:id')
  @Scopes('inventory:read')
  @ITEM_ID
  @ApiOperation({ summary: 'One item.', operationId: 'getInventoryItem' })
  @ApiOkResponse({ type: InventoryItemDto })
  @NO_SUCH_ITEM
  item(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', itemNotFound) id: string,
  ): Promise<InventoryItemDto> {
    return this.inventory.item(context, id);
  }

  @Patch('inventory/:id')
  @KeysNever()
  @PartnerAccess({ role: 'manager' })
  @ITEM_ID
  @ApiOperation({
    summary: 'Sets the item’s reorder point (manager).',
    operationId: 'updateInventoryItem',
  })
  @ApiOkResponse({ type: InventoryItemDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description: 'A reorder point that is not an integer of 0–1,000,000,000, or another field.',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not a manager or admin, or CSRF.' })
  @NO_SUCH_ITEM
  update(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', itemNotFound) id: string,
    @Body() body: UpdateInventoryItemDto,
  ): Promise<InventoryItemDto> {
    return this.inventory.setReorderPoint(context, id, body.reorderPoint);
  }

  @Get('inventory/:id/movements')
  @Scopes('inventory:read')
  @ITEM_ID
  @ApiOperation({
    summary: 'The item’s movements, newest first, a page at a time.',
    operationId: 'listInventoryMovements',
  })
  @ApiPage(InventoryMovementDto)
  @BAD_LIST_QUERY
  @NO_SUCH_ITEM
  movements(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', itemNotFound) id: string,
    @Query() query: InventoryMovementListQueryDto,
  ): Promise<Page<InventoryMovementDto>> {
    return this.inventory.movements(context, id, query);
  }

  @Get('inventory/:id/movements/:movementId')
  @Scopes('inventory:read')
  @ITEM_ID
  @ApiParam({
    name: 'movementId',
    format: 'uuid',
    description: 'The movement’s id; one of another item or partner is a 404 like a missing one.',
  })
  @ApiOperation({
    summary: 'One movement of the item (the claim form is filled in from it).',
    operationId: 'getInventoryMovement',
  })
  @ApiOkResponse({ type: InventoryMovementDto })
  @ApiNotFoundResponse({
    type: ProblemDetails,
    description: 'No such partner, item or movement, or not a member: `code: not_found`.',
  })
  movement(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', movementNotFound) id: string,
    @UuidParam('movementId', movementNotFound) movementId: string,
  ): Promise<InventoryMovementDto> {
    return this.inventory.movement(context, id, movementId);
  }

  @IdempotentPost('inventory/:id/movements')
  @Scopes('movements:write')
  @PartnerAccess({ role: null, staff: true })
  @HttpCode(201)
  @ITEM_ID
  @ApiOperation({
    summary:
      'Records a movement and updates the item in one transaction (staff, or an internal service with a staff token).',
    operationId: 'recordInventoryMovement',
  })
  @ApiCreatedResponse({ type: RecordedMovementDto })
  @ApiBadRequestResponse({
    type: ProblemDetails,
    description:
      'A quantity whose sign does not fit the kind, an occurredAt in the future, or another field (`code: validation`).',
  })
  @ApiForbiddenResponse({ type: ProblemDetails, description: 'Not staff, or CSRF.' })
  @NO_SUCH_ITEM
  @ApiConflictResponse({
    type: ProblemDetails,
    description: 'It would take on hand below 0 (`code: insufficient_stock`); nothing was written.',
  })
  record(
    @CurrentPartner() context: PartnerContext,
    @UuidParam('id', itemNotFound) id: string,
    @Body() body: RecordMovementDto,
  ): Promise<RecordedMovementDto> {
    return this.inventory.recordMovement(context, id, body);
  }
}
