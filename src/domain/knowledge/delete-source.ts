import type { DomainDeps, RequestContext } from '../context.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import type { Store } from '../../ports/store.ts';

/** What `source.added`/`source.deleted` name: the title, question, file name or page URL. */
export function eventSourceName(source: SourceRecord): string {
  return source.type === 'website' && source.url ? source.url : source.title;
}

/** Removes a source with every chunk of it, gives its storage back, records `source.deleted`: one transaction. */
export async function deleteSource(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  sourceId: string,
): Promise<SourceRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  return deps.store.transaction(async (tx) => {
    const removed = await tx.sources.delete(ctx.accountId, agent.id, sourceId);
    if (!removed) throw new AppError('SOURCE_NOT_FOUND', 'Source not found.');
    await tx.agents.releaseStorage(ctx.accountId, agent.id, removed.storage);
    await recordEvent(tx, deps, ctx.accountId, 'source.deleted', {
      agent: { id: agent.id, name: agent.name },
      source: eventSourceName(removed),
    });
    return removed;
  });
}
