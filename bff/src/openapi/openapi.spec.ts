import { readFile } from 'node:fs/promises';
import { generateOpenApiJson } from './generate-openapi.js';
import { OPENAPI_FILE } from './openapi.js';

describe('openapi.json', () => {
  it('is current (else run pnpm --filter @partner-portal/bff openapi)', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8');
    const generated = await generateOpenApiJson();

    expect(committed).toBe(generated);
  });

  it('describes the health endpoints and the problem details of errors', async () => {
    const document = JSON.parse(await generateOpenApiJson()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };

    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health/live', '/api/health/ready']),
    );
    expect(document.components.schemas).toHaveProperty('ProblemDetails');
  });

  it('documents Idempotency-Key on every POST but the anonymous ones that set cookies and the upload', async () => {
    const document = JSON.parse(await generateOpenApiJson()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const posts = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.post === undefined ? [] : [{ path, operation: operations.post }],
    );
    const without = posts
      .filter(
        ({ operation }) =>
          !(operation.parameters ?? []).some(
            (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
          ),
      )
      .map(({ path }) => path)
      .sort();

    // docs/api.md, Idempotency-Key: the routes that ignore the header, and why.
    expect(without).toEqual([
      '/api/auth/forgot-password',
      '/api/auth/invitations/{token}/accept',
      '/api/auth/refresh',
      '/api/auth/reset-password',
      '/api/auth/signin',
      '/api/auth/signout',
      '/api/auth/signout-everywhere',
      '/api/partners/{partnerSlug}/claims/{id}/attachments',
    ]);
    expect(posts.length).toBeGreaterThan(without.length + 4);
  });
});
