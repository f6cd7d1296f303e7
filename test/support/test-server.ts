// A real server on a loopback port, over a fresh database, with helpers to seed it and call it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps, createRateLimiter } from '../../src/compose.ts';
import { buildApp } from '../../src/http/build-app.ts';
import type { DomainDeps, RequestContext } from '../../src/domain/context.ts';
import { operatorContext } from '../../src/domain/context.ts';
import { createAccount } from '../../src/domain/accounts/create-account.ts';
import { createAgent } from '../../src/domain/agents/create-agent.ts';
import { createKey, type CreateKeyInput } from '../../src/domain/keys/create-key.ts';
import type { AccountRecord, PlanName } from '../../src/ports/account-store.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';
import type { ApiApp } from '../../src/http/types.ts';
import type { Clock } from '../../src/ports/clock.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import { createTestDatabase, type TestDatabase } from './backend.ts';

export interface TestServerOptions {
  /** Written as the COLLOQUY_CONFIG file. */
  configFile?: Record<string, unknown>;
  clock?: Clock;
  env?: Record<string, string>;
  /** Receives the server's log lines (JSON), instead of standard output. */
  logStream?: { write(line: string): void };
  /** Replaces the configured embedder (a port fake at the edge: one whose workers crashed, or a
   * recording wrapper around it). */
  embedder?: EmbeddingProvider;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  text: string;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  baseUrl: string;
  config: Config;
  deps: DomainDeps;
  app: ApiApp;
  database: TestDatabase;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  seedAccount(plan?: PlanName, credits?: number): Promise<{ account: AccountRecord; ctx: RequestContext }>;
  seedAgent(ctx: RequestContext, name?: string): Promise<AgentRecord>;
  seedKey(accountId: string, input?: Partial<CreateKeyInput>): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase({ migrated: true });
  const env: Record<string, string> = { ...database.env, LOG_LEVEL: 'silent', ...options.env };
  if (options.configFile) {
    const path = join(database.env.DATA_DIR, 'config.json');
    writeFileSync(path, JSON.stringify(options.configFile));
    env.COLLOQUY_CONFIG = path;
  }
  const config = loadConfig(env);
  const deps = await createDomainDeps(config, { clock: options.clock, embedder: options.embedder });
  const rateLimiter = createRateLimiter(config, deps.store);
  const app = await buildApp({ domain: deps, rateLimiter, server: config.server, logStream: options.logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    baseUrl,
    config,
    deps,
    app,
    database,
    async call(method, path, callOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (callOptions.key !== undefined) headers.authorization = `Bearer ${callOptions.key}`;
      let body: string | undefined = callOptions.rawBody;
      if (callOptions.body !== undefined) {
        body = JSON.stringify(callOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async seedAccount(plan = 'free', credits) {
      const account = await createAccount(deps, { name: `Account ${plan}`, plan, credits });
      return { account, ctx: operatorContext(account.id, account.plan) };
    },
    async seedAgent(ctx, name = 'Support bot') {
      return createAgent(deps, ctx, { name, instructions: 'Be helpful.' });
    },
    async seedKey(accountId, input = {}) {
      const { key } = await createKey(deps, accountId, { name: 'test key', ...input });
      return key;
    },
    async close() {
      await app.closeGracefully();
      await rateLimiter.close();
      await closeDomainDeps(deps);
      await database.drop();
    },
  };
}

/** A config file that lifts every plan's rate limit, for tests that are not about it. */
export const UNLIMITED_RATE = {
  plans: {
    free: { requestsPerMinute: 100_000 },
    starter: { requestsPerMinute: 100_000 },
    pro: { requestsPerMinute: 100_000 },
    business: { requestsPerMinute: 100_000 },
  },
};
