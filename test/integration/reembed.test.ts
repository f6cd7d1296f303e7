// Switching the embedding model: a scripted OpenAI-compatible /v1/embeddings server on loopback
// stands in for OpenAI or Ollama; `agents reembed` moves an agent's passages to the new model.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps } from '../../src/compose.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { searchKnowledge } from '../../src/domain/search/search-knowledge.ts';
import { operatorContext } from '../../src/domain/context.ts';
import { analyze } from '../../src/text/analyze.ts';

const DIMENSION = 64;

/** A deterministic bag-of-words embedding: texts sharing words point the same way. */
function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSION).fill(0);
  for (const term of analyze(text)) {
    let hash = 0;
    for (const char of term) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % DIMENSION] = (vector[hash % DIMENSION] ?? 0) + 1;
  }
  return vector;
}

let database: TestDatabase;
let embeddings: Server;
let requests = 0;
let baseUrl: string;

before(async () => {
  database = await createTestDatabase();
  embeddings = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests += 1;
      assert.equal(req.url, '/v1/embeddings');
      assert.equal(req.headers.authorization, 'Bearer sk-test');
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      assert.equal(model, 'bag-of-words-64');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
          model,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => embeddings.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}/v1`;
});
after(async () => {
  embeddings.close();
  await database.drop();
});

test('after the operator switches embeddings, `agents reembed` moves every passage to the new model and search uses it', async () => {
  const localDeps = await createDomainDeps(loadConfig(database.env));
  const quick = await runCli(['quickstart', '--plan', 'pro'], database.env);
  assert.equal(quick.code, 0, quick.stderr);
  const { account, agent } = quick.json as { account: { id: string }; agent: { id: string } };
  const ctx = operatorContext(account.id, 'pro');
  try {
    for (const [title, content] of [
      ['Tent care', 'Dry the tent fully before storing it to prevent mildew.'],
      ['Gift cards', 'Gift cards are valid for five years.'],
    ]) {
      await addTextSource(localDeps, ctx, agent.id, { title: title as string, content: content as string });
    }
  } finally {
    await closeDomainDeps(localDeps);
  }

  const configPath = join(database.env.DATA_DIR, 'openai-embeddings.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      embeddings: {
        provider: 'openai',
        baseUrl,
        model: 'bag-of-words-64',
        dimension: DIMENSION,
        apiKeyEnv: 'TEST_EMBEDDINGS_KEY',
      },
    }),
  );
  const env = { ...database.env, COLLOQUY_CONFIG: configPath, TEST_EMBEDDINGS_KEY: 'sk-test' };
  const switched = await createDomainDeps(loadConfig(env));
  try {
    assert.deepEqual(
      await searchKnowledge(switched, ctx, agent.id, { query: 'mildew on my tent', limit: 5 }),
      [],
      'vectors of the old model are not compared with the new one',
    );
    const reembed = await runCli(['agents', 'reembed', agent.id], env);
    assert.equal(reembed.code, 0, reembed.stderr);
    assert.deepEqual(reembed.json, { id: agent.id, reembedded: 2, model: 'bag-of-words-64' });
    assert.ok(requests >= 1);
    const results = await searchKnowledge(switched, ctx, agent.id, { query: 'mildew on my tent', limit: 5 });
    assert.equal(results[0]?.source.title, 'Tent care');
    const again = await runCli(['agents', 'reembed', agent.id], env);
    assert.deepEqual(
      again.json,
      { id: agent.id, reembedded: 0, model: 'bag-of-words-64' },
      'running it again has nothing to do',
    );
  } finally {
    await closeDomainDeps(switched);
  }
});
