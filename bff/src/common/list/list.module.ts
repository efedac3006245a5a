import { Module } from '@nestjs/common';
import { AuthSecrets } from '../auth-secrets.js';
import { ListCursorCodec } from './list-cursor.js';

/**
 * Provides the ListCursorCodec, keyed from the session secret (AuthSecrets, exported by the global
 * AuthModule). A feature with a list imports this module.
 */
@Module({
  providers: [
    {
      provide: ListCursorCodec,
      inject: [AuthSecrets],
      useFactory: (secrets: AuthSecrets) => new ListCursorCodec(secrets.jwtKey),
    },
  ],
  exports: [ListCursorCodec],
})
export class ListModule {}
