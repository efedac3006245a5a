import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';

/** The users table, for identity (auth) and invitations. */
@Module({ providers: [UsersRepository], exports: [UsersRepository] })
export class UsersModule {}
