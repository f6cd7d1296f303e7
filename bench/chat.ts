// `npm run bench -- chat`: what the service adds to a chat request before the model is called, and
// the time to the first SSE frame, with an instant scripted OpenAI-compatible model on loopback, at
// 1k and 10k knowledge passages. Real path: HTTP, auth, rate limit, local moderation, the query's
// embedding by the local model, hybrid ranking, history, prompt, the OpenAI provider. Passages are
// random text with random vectors (see bench/search.ts). BENCH_DATABASE_URL adds PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { closeDomainDeps, createDomainDeps, createRateLimiter } from '../src/compose.ts';
import { buildApp } from '../src/http/build-app.ts';
import { createAccount } from '../src/domain/accounts/create-account.ts';
import { createAgent } from '../src/domain/agents/create-agent.ts';
import { createKey } from '../src/domain/keys/create-key.ts';
import { operatorContext } from '../src/domain/context.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../test/support/scripted-model-server.ts';
import { percentile, seed, seeded } from './search.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const QUESTIONS = [
  'How do I repair a tent seam?',
  'Can I rent a canoe for the weekend?',
  'Is the down jacket waterproof?',
  'What is your refund policy on boots?',
  'Do gift cards expire?',
];

async function benchBackend(label: string, env: Record<string, string>, model: ScriptedModelServer): Promise<void> {
  const configPath = join(env.DATA_DIR as string, `chat-bench-${label}.json`);
  const plan = { requestsPerMinute: 1_000_000, models: ['instant'] };
  writeFileSync(
    configPath,
    JSON.stringify({
      models: [{ id: 'instant', provider: 'openai', baseUrl: model.baseUrl, credits: 1 }],
      plans: { free: plan, starter: plan, pro: plan, business: plan },
    }),
  );
  const config = loadConfig({ ...env, COLLOQUY_CONFIG: configPath });
  const deps = await createDomainDeps(config);
  const rateLimiter = createRateLimiter(config, deps.store);
  const app = await buildApp({ domain: deps, rateLimiter, server: config.server });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  try {
    const account = await createAccount(deps, { name: 'Bench', plan: 'business', credits: 10_000_000 });
    const agent = await createAgent(deps, operatorContext(account.id, account.plan), {
      name: 'Bench agent',
      instructions: 'You answer questions about an outdoor gear shop.',
    });
    const { key } = await createKey(deps, account.id, { name: 'bench' });
    const random = seeded(7);
    let held = 0;
    for (const size of [1_000, 10_000]) {
      await seed(deps, agent.id, size - held, random);
      held = size;
      const added: number[] = [];
      const firstFrame: number[] = [];
      const total: number[] = [];
      for (let i = -10; i < REQUESTS; i += 1) {
        const count = model.requests.length;
        const started = performance.now();
        const response = await fetch(`${baseUrl}/agents/${agent.id}/chat`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          // 50 end users: history grows to a few turns each, as in real traffic.
          body: JSON.stringify({
            message: QUESTIONS[i % QUESTIONS.length] ?? QUESTIONS[0],
            userId: `user-${(i + 50) % 50}`,
            stream: true,
          }),
        });
        const reader = response.body!.getReader();
        await reader.read();
        const first = performance.now();
        while (!(await reader.read()).done);
        const done = performance.now();
        if (response.status !== 200) throw new Error(`chat answered ${response.status}`);
        if (i < 0) continue; // warm-up: worker threads, index build, JIT
        added.push((model.requests[count]?.receivedAt ?? NaN) - started);
        firstFrame.push(first - started);
        total.push(done - started);
      }
      const row = (samples: number[]) =>
        `p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`;
      console.log(
        `${label.padEnd(8)} ${String(size).padStart(6)} chunks: added before the model call ${row(added)} | first SSE frame ${row(firstFrame)} | whole reply ${row(total)}`,
      );
    }
  } finally {
    await app.close();
    await rateLimiter.close();
    await closeDomainDeps(deps);
  }
}

export async function benchChat(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-chat-'));
  const model = await startScriptedModelServer();
  try {
    console.log(
      `${REQUESTS} streamed requests per size, one at a time, after 10 warm-up requests; instant scripted model; local moderation and embeddings`,
    );
    await benchBackend('sqlite', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, model);
    if (process.env.BENCH_DATABASE_URL)
      await benchBackend(
        'postgres',
        { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'warn' },
        model,
      );
  } finally {
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
