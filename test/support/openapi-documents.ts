// The public and admin OpenAPI documents as the app serves them, produced without listening:
// the app is built over a throwaway SQLite directory, asked for both documents, and closed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps, createRateLimiter } from '../../src/compose.ts';
import { buildApp } from '../../src/http/build-app.ts';

export interface OpenApiDocuments {
  public: Record<string, unknown>;
  admin: Record<string, unknown>;
}

export async function loadOpenApiDocuments(): Promise<OpenApiDocuments> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const deps = await createDomainDeps(config);
  const app = await buildApp({
    domain: deps,
    rateLimiter: createRateLimiter(config, deps.store),
    server: config.server,
  });
  try {
    const read = async (url: string) => (await app.inject({ method: 'GET', url })).json() as Record<string, unknown>;
    return { public: await read('/api/v1/openapi.json'), admin: await read('/api/admin/v1/openapi.json') };
  } finally {
    await app.close();
    await closeDomainDeps(deps);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
