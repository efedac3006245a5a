import { Module } from '@nestjs/common';
import { ListModule } from '#src/common/list/index.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import { NetworkApiKeysController, PartnerApiKeysController } from './api-keys.controller.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';

/**
 * API keys (docs/product.md §3b): a partner's (its admins) and the network's (staff), and their
 * authentication, which the JWT guard and the partner guard use (AuthModule and PartnersModule import
 * this module; it imports neither).
 */
@Module({
  imports: [ListModule],
  controllers: [PartnerApiKeysController, NetworkApiKeysController],
  providers: [ApiKeysRepository, ApiKeysService, ApiKeyAuthenticator],
  exports: [ApiKeyAuthenticator],
})
export class ApiKeysModule {}
