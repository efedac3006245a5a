import { Injectable } from '@nestjs/common';

/**
 * The time of the application, injected wherever a lifetime is computed (sessions, reset tokens,
 * invitations) so that tests can move it; times go to SQL as parameters, never `now()`.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
