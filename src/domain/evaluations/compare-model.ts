import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { IndexedChunks, SearchableChunk } from '../../ports/knowledge-store.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import type { PassageIndex } from '../../ports/passage-index.ts';
import type { ModelComparison, TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { indexedTextOf } from '../../text/indexed-text.ts';
import { evaluateQuestions } from './evaluate-questions.ts';
import { passRate } from './test-run-view.ts';
import type { Store } from '../../ports/store.ts';

/** Passages read (and sent to the model) at a time. */
const BATCH = 256;

/** Every passage of the agent embedded with `embedder`, from the text its live vector was made of. */
async function embedPassages(
  deps: { store: Pick<Store, 'chunks'> },
  agent: AgentRecord,
  embedder: EmbeddingProvider,
  signal?: AbortSignal,
): Promise<SearchableChunk[]> {
  const rows: SearchableChunk[] = [];
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await deps.store.chunks.passageBatch(agent.id, after, BATCH);
    if (batch.length === 0) return rows;
    const vectors = await embedder.embed(
      batch.map((chunk) => indexedTextOf(chunk.content, chunk.heading)),
      signal,
    );
    batch.forEach((chunk, i) =>
      rows.push({ id: chunk.id, sourceId: chunk.sourceId, terms: chunk.terms, embedding: vectors[i] as Float32Array }),
    );
    after = (batch.at(-1) as (typeof batch)[number]).id;
  }
}

/** The passages as the scratch index reads them: one version, never changing. */
function scratchChunks(rows: readonly SearchableChunk[], model: string): IndexedChunks {
  return {
    searchable: async (_agentId, asked) => (asked === model ? [...rows] : []),
    searchableOfSources: async (_agentId, asked, sourceIds) =>
      asked === model ? rows.filter((row) => sourceIds.includes(row.sourceId)) : [],
    changesSince: async () => [],
  };
}

/**
 * The questions ranked as search ranks them, but with another embedding model: the agent's
 * passages are embedded with it into a scratch index, so the live index and the stored vectors
 * stay as they are. The scratch index is kept for the agent's knowledge version, so a second run
 * embeds only the questions. The model is calibrated as search calibrates any model, once per
 * process (kept beside the live model's calibration).
 */
export async function compareWithModel(
  deps: Pick<DomainDeps, 'passageIndex' | 'comparison'> & { store: Pick<Store, 'chunks'> },
  agent: AgentRecord,
  questions: readonly TestQuestionRecord[],
  embedder: EmbeddingProvider,
  signal?: AbortSignal,
): Promise<ModelComparison> {
  const key = `${agent.id}\u0000${embedder.model}\u0000${agent.knowledgeVersion}`;
  const scratch = await deps.comparison.scratchIndex(key, async () =>
    scratchChunks(await embedPassages(deps, agent, embedder, signal), embedder.model),
  );
  const passageIndex: PassageIndex = {
    ...scratch,
    perModel: (model, measure) => deps.passageIndex.perModel(model, measure),
  };
  const evaluation = await evaluateQuestions({ store: deps.store, embedder, passageIndex }, agent, questions, signal);
  return { model: embedder.model, passRate: passRate(evaluation.passed, evaluation.failed), ...evaluation };
}
