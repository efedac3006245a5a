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
});
