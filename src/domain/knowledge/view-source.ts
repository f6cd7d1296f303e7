// The source viewer: what a source was extracted into and which passages it became.
import type { RequestContext } from '../context.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { SourceChunkView, SourceSection } from '../../ports/insight-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

async function sourceOf(
  deps: { store: Pick<Store, 'agents' | 'sources'> },
  ctx: RequestContext,
  agentId: string,
  sourceId: string,
): Promise<SourceRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const source = await deps.store.sources.get(ctx.accountId, agent.id, sourceId);
  if (!source) throw new AppError('SOURCE_NOT_FOUND', 'Source not found.');
  return source;
}

/**
 * The source's extracted text, block by block in reading order, with the heading each sits under
 * and (PDF) its page. Sources stored before the viewer existed kept no blocks: `stored` is false
 * and a text or Q&A source shows its content as one block instead.
 */
export async function getSourceText(
  deps: { store: Pick<Store, 'agents' | 'sourceViews' | 'sources'> },
  ctx: RequestContext,
  agentId: string,
  sourceId: string,
  page: PageRequest,
): Promise<{ source: SourceRecord; sections: Page<SourceSection>; stored: boolean }> {
  const source = await sourceOf(deps, ctx, agentId, sourceId);
  const sections = await deps.store.sourceViews.sections(source.agentId, source.id, page);
  if (sections.total > 0 || source.content === null) return { source, sections, stored: sections.total > 0 };
  const fallback = source.type === 'qa' ? `${source.title}\n${source.content}` : source.content;
  return {
    source,
    sections: { items: page.page === 1 ? [{ ordinal: 0, text: fallback, heading: null, page: null }] : [], total: 1 },
    stored: false,
  };
}

/** The passages the source became, in order, as indexed (with heading and PDF page). */
export async function listSourceChunks(
  deps: { store: Pick<Store, 'agents' | 'sourceViews' | 'sources'> },
  ctx: RequestContext,
  agentId: string,
  sourceId: string,
  page: PageRequest,
): Promise<{ source: SourceRecord; chunks: Page<SourceChunkView> }> {
  const source = await sourceOf(deps, ctx, agentId, sourceId);
  return { source, chunks: await deps.store.sourceViews.chunks(source.agentId, source.id, page) };
}
