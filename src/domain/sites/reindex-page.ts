import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SitePage } from '../../ports/knowledge-store.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { AppError } from '../errors.ts';
import { indexPieces } from '../../text/index-pieces.ts';
import { pageTitle } from './page-draft.ts';
import { characterCount, chunkRecords, reserveStorage } from '../knowledge/store-source.ts';
import type { Store } from '../../ports/store.ts';

/**
 * Re-indexes a changed page in place: same source id, new passages, title, hash and validators.
 * The embedding runs before any transaction. Storage moves by the difference only: more is
 * reserved first (403 PLAN_LIMIT_REACHED when it does not fit: the old text stays), less is given
 * back in the transaction that swaps the passages, so the total is exact at every step.
 */
export async function reindexPage(
  deps: Pick<DomainDeps, 'ids' | 'catalog' | 'embedder'> & { store: Pick<Store, 'agents' | 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  stored: SitePage,
  page: Extract<CrawlOutcome, { kind: 'page' }>,
  contentHash: string,
  signal?: AbortSignal,
): Promise<void> {
  const sourceId = stored.source.id;
  const title = pageTitle(page.title, stored.source.url || stored.source.title);
  const storage = characterCount(...page.sections.map((section) => section.text));
  const pieces = indexPieces(page.sections);
  if (pieces.length === 0 || storage === 0) throw new AppError('INVALID_FILE', 'The page has no text to index.');
  const vectors = await deps.embedder.embed(
    pieces.map((piece) => piece.indexedText),
    signal,
  );
  const chunks = chunkRecords(deps, agent.id, sourceId, pieces, vectors);
  const delta = storage - stored.source.storage;
  const reservation = delta > 0 ? await reserveStorage(deps, ctx, agent, delta) : null;
  try {
    await deps.store.transaction(async (tx) => {
      const state = { siteId: stored.page.siteId, etag: page.etag, lastModified: page.lastModified, links: page.links };
      if (
        !(await tx.sources.replaceContent(
          ctx.accountId,
          agent.id,
          sourceId,
          { title, storage, contentHash, page: state },
          chunks,
        ))
      ) {
        throw new AppError('SOURCE_NOT_FOUND', 'The page was deleted during the re-sync.');
      }
      // The source viewer shows the text the passages were made from.
      await tx.sourceViews.replaceSections(sourceId, agent.id, page.sections);
      // replaceContent logs the swap in the knowledge change log, so cached indexes update in place.
      if (delta < 0) await tx.agents.releaseStorage(ctx.accountId, agent.id, -delta);
    });
  } catch (error) {
    await reservation?.release().catch(() => {});
    throw error;
  }
}
