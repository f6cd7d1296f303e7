// The documentation agent of `npm run bench -- search`: fastify's docs uploaded as text files and
// Valgrind's manual crawled from a loopback site (1.3 MB of text, test/fixtures/docsets), searched
// with the sets' own questions through the real ranking, the offline model embedding each question
// (its time included). Passages' vectors come from the test suite's on-disk cache once a run has
// embedded them. Nothing else should run on the machine while it measures.
import { createLocalEmbedder } from '../src/providers/embedding/local-embedder.ts';
import { rankPassages } from '../src/domain/search/rank-passages.ts';
import { cachedEmbedder } from '../test/support/cached-embedder.ts';
import { startTestServer } from '../test/support/test-server.ts';
import { ingestDocset, loadDocset, DOCSET_SERVER_CONFIG } from '../test/quality/docsets.ts';
import { percentile } from './search.ts';

export async function benchDocsSearch(): Promise<void> {
  const sets = ['fastify', 'valgrind-site'].map(loadDocset);
  const questions = sets.flatMap((set) => set.questions.map((question) => question.q));
  const server = await startTestServer({
    embedder: cachedEmbedder(createLocalEmbedder(), new Set(questions)),
    configFile: DOCSET_SERVER_CONFIG,
  });
  try {
    const { ctx } = await server.seedAccount('business');
    const seeded = await server.seedAgent(ctx, 'Documentation');
    for (const set of sets) await ingestDocset(server.deps, ctx, seeded, set);
    const agent = (await server.deps.store.agents.get(ctx.accountId, seeded.id))!;
    const characters = agent.storageUsed;
    // The first search builds the index and measures the model's calibration: a warm agent is timed.
    await rankPassages(server.deps, agent, questions[0] as string, 10);
    const latencies: number[] = [];
    for (const question of questions) {
      const started = performance.now();
      await rankPassages(server.deps, agent, question, 10);
      latencies.push(performance.now() - started);
    }
    console.log(
      `documentation agent (${(characters / 1e6).toFixed(2)} M characters, ${questions.length} questions, limit 10, the question embedded by the offline model): search p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
  } finally {
    await server.close();
  }
}
