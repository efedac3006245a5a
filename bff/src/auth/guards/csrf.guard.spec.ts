import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '#src/common/problem-details.js';
import { loadConfig } from '#src/config/app-config.js';
import { AuthSecrets } from '#src/common/auth-secrets.js';
import type { RefreshSessions } from '../tokens/refresh-sessions.js';
import { CsrfGuard, trustedOrigins } from './csrf.guard.js';

const SECRET = 'k'.repeat(32);

function guardFor(env: Record<string, string>): CsrfGuard {
  // An anonymous sign-in never asks for a refresh session.
  const noSessions = {} as RefreshSessions;
  return new CsrfGuard(
    new Reflector(),
    loadConfig(env),
    new AuthSecrets(randomBytes(32)),
    noSessions,
  );
}

/** An anonymous POST (the sign-in) from a page of `origin`. */
async function signInFrom(guard: CsrfGuard, origin: string): Promise<'allowed' | 'csrf'> {
  const request = { method: 'POST', headers: { origin, 'sec-fetch-site': 'same-origin' } };
  const context = {
    switchToHttp: () => ({ getRequest: () => request as unknown as FastifyRequest }),
    getHandler: () => signInFrom,
  } as unknown as ExecutionContext;
  try {
    return (await guard.canActivate(context)) ? 'allowed' : 'csrf';
  } catch (error) {
    if (error instanceof ProblemException && error.code === 'csrf') return 'csrf';
    throw error;
  }
}

const LOOPBACK_3000 = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
const VITE = ['http://localhost:5173', 'http://127.0.0.1:5173'];

describe('CsrfGuard origins', () => {
  it('in development, takes the loopback names of PORT and the Vite dev server as the same origin', async () => {
    const guard = guardFor({ NODE_ENV: 'development', PORT: '3000' });
    for (const origin of [...LOOPBACK_3000, ...VITE]) {
      expect({ origin, verdict: await signInFrom(guard, origin) }).toEqual({
        origin,
        verdict: 'allowed',
      });
    }
    for (const origin of [
      'http://localhost:3001',
      'http://127.0.0.2:3000',
      'https://localhost:3000',
      'http://evil.example',
      'null',
    ]) {
      expect({ origin, verdict: await signInFrom(guard, origin) }).toEqual({
        origin,
        verdict: 'csrf',
      });
    }
  });

  it('in development, DEV_ORIGINS replaces the dev-server origins', async () => {
    const guard = guardFor({
      NODE_ENV: 'development',
      PORT: '8080',
      DEV_ORIGINS: 'http://localhost:4000',
    });
    expect(await signInFrom(guard, 'http://localhost:4000')).toBe('allowed');
    expect(await signInFrom(guard, 'http://127.0.0.1:8080')).toBe('allowed');
    expect(await signInFrom(guard, 'http://localhost:5173')).toBe('csrf');
  });

  it.each([
    ['test', { NODE_ENV: 'test', PORT: '3000' }],
    [
      'production',
      {
        NODE_ENV: 'production',
        PORT: '3000',
        JWT_SECRET: SECRET,
        PUBLIC_URL: 'https://portal.example.com',
      },
    ],
  ])('in %s, trusts PUBLIC_URL alone', async (_name, env) => {
    const guard = guardFor(env);
    const publicUrl = loadConfig(env).publicUrl;
    expect(await signInFrom(guard, publicUrl)).toBe('allowed');
    for (const origin of [...LOOPBACK_3000, ...VITE].filter((o) => o !== publicUrl)) {
      expect({ origin, verdict: await signInFrom(guard, origin) }).toEqual({
        origin,
        verdict: 'csrf',
      });
    }
    expect([...trustedOrigins(loadConfig(env))]).toEqual([publicUrl]);
  });
});
