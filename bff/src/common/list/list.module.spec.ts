import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AuthSecrets } from '../auth-secrets.js';
import { ListCursorCodec } from './list-cursor.js';
import { ListModule } from './list.module.js';

const secrets = new AuthSecrets(randomBytes(32));

/** Stands in for the global AuthModule, which exports AuthSecrets to every module. */
@Global()
@Module({ providers: [{ provide: AuthSecrets, useValue: secrets }], exports: [AuthSecrets] })
class SecretsModule {}

describe('ListModule', () => {
  it('provides a codec keyed from the session secret', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [SecretsModule, ListModule],
    }).compile();
    const codec = moduleRef.get(ListCursorCodec);
    const scope = { listId: 'partner-members', sort: 'name' };
    const cursor = codec.encode(scope, { direction: 'next', sortKey: 'Ada', id: 'x' });

    expect(new ListCursorCodec(secrets.jwtKey).decode(scope, cursor)).toMatchObject({
      sortKey: 'Ada',
    });
    expect(() => new ListCursorCodec(randomBytes(32)).decode(scope, cursor)).toThrow();
  });
});
