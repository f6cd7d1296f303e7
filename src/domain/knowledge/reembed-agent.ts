import type { DomainDeps, RequestContext } from '../context.ts';
import { getAgent } from '../agents/get-agent.ts';
import { indexedTextOf } from './store-source.ts';
import type { Store } from '../../ports/store.ts';

const BATCH = 64;

/**
 * Re-embeds every passage of an agent whose vector was made by another model than the current
 * one (after the operator changed `embeddings`). Batch by batch, each in its own transaction, so
 * it can be stopped and run again; search sees the new vectors once the knowledge version moves.
 */
export async function reembedAgent(
  deps: Pick<DomainDeps, 'embedder'> & { store: Pick<Store, 'agents' | 'chunks' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  onProgress?: (done: number) => void,
): Promise<{ reembedded: number; model: string }> {
  const agent = await getAgent(deps, ctx, agentId);
  const { model } = deps.embedder;
  let done = 0;
  for (;;) {
    const batch = await deps.store.chunks.staleBatch(agent.id, model, BATCH);
    if (batch.length === 0) break;
    const vectors = await deps.embedder.embed(batch.map((chunk) => indexedTextOf(chunk.content, chunk.heading)));
    await deps.store.transaction(async (tx) => {
      for (const [index, chunk] of batch.entries())
        await tx.chunks.setEmbedding(chunk.id, vectors[index] as Float32Array, model);
      await tx.agents.bumpKnowledgeVersion(agent.id);
    });
    done += batch.length;
    onProgress?.(done);
  }
  return { reembedded: done, model };
}
