import { Injectable, type StreamableFile } from '@nestjs/common';
import type { Page } from '../common/list/index.js';
import { ProblemException } from '../common/problem-details.js';
import type { PartnerContext } from '../partners/decorators/current-partner.decorator.js';
import type {
  ClaimDto,
  ClaimEventDto,
  ClaimEventListQueryDto,
  ClaimExportQueryDto,
  ClaimFacetsDto,
  ClaimListQueryDto,
  ClaimTransitionDto,
  CreateClaimDto,
  UpdateClaimDto,
} from './dto/claims.dto.js';

function notYet(): ProblemException {
  return new ProblemException(501, 'not_implemented', 'Not implemented yet.');
}

/** One partner's claims (docs/product.md §4, claim lifecycle). */
@Injectable()
export class ClaimsService {
  list(_context: PartnerContext, _query: ClaimListQueryDto): Promise<Page<ClaimDto>> {
    return Promise.reject(notYet());
  }

  exportCsv(_context: PartnerContext, _query: ClaimExportQueryDto): StreamableFile {
    throw notYet();
  }

  facets(_context: PartnerContext): Promise<ClaimFacetsDto> {
    return Promise.reject(notYet());
  }

  create(
    _context: PartnerContext,
    _body: CreateClaimDto,
    _idempotencyKey: string | undefined,
  ): Promise<{ claim: ClaimDto; replayed: boolean }> {
    return Promise.reject(notYet());
  }

  claim(_context: PartnerContext, _id: string): Promise<ClaimDto> {
    return Promise.reject(notYet());
  }

  update(
    _context: PartnerContext,
    _id: string,
    _body: UpdateClaimDto,
    _ifMatch: string | undefined,
  ): Promise<ClaimDto> {
    return Promise.reject(notYet());
  }

  remove(_context: PartnerContext, _id: string, _ifMatch: string | undefined): Promise<void> {
    return Promise.reject(notYet());
  }

  transition(
    _context: PartnerContext,
    _id: string,
    _body: ClaimTransitionDto,
    _ifMatch: string | undefined,
  ): Promise<ClaimDto> {
    return Promise.reject(notYet());
  }

  events(
    _context: PartnerContext,
    _id: string,
    _query: ClaimEventListQueryDto,
  ): Promise<Page<ClaimEventDto>> {
    return Promise.reject(notYet());
  }

  comment(_context: PartnerContext, _id: string, _body: string): Promise<ClaimEventDto> {
    return Promise.reject(notYet());
  }
}
