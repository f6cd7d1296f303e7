import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SitePage } from '../../ports/knowledge-store.ts';
import type { SyncCounts } from '../../ports/site-store.ts';
import { AppError } from '../errors.ts';
import { deleteSource } from '../knowledge/delete-source.ts';
import { pageHash } from '../knowledge/content-hash.ts';
import { reindexPage } from './reindex-page.ts';
import { pageTitle } from './page-draft.ts';
import type { Store } from '../../ports/store.ts';

/** A stored page that could not be refreshed, and why; it keeps its previous text. */
export interface SyncFailure {
  url: string;
  reason: string;
  status?: number;
}

export interface RefreshedPages {
  counts: Omit<SyncCounts, 'added'>;
  failures: SyncFailure[];
  /** Pages the site gave no usable answer for (no response, or 5xx): all of them means the site is down. */
  unanswered: number;
  /** Every stored page's URL → the links to follow from it (its new links, or the stored ones). */
  visited: Map<string, string[]>;
}

/** Pages asked for at once; each page's own embedding runs inside its slot. */
const PAGES_AT_ONCE = 4;

/**
 * Asks the site again for every stored page, with its validators: 304 or the same text → unchanged
 * (validators and links recorded); other text → re-indexed in place; 404/410, or a page that now
 * says noindex → removed, as a DELETE would (storage given back, `source.deleted` with the page
 * URL); anything else (5xx,
 * time-out, network, storage full) → failed, and the page keeps its previous text.
 */
export async function refreshSitePages(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'crawler'> & {
    store: Pick<Store, 'agents' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  agent: AgentRecord,
  pages: SitePage[],
  signal: AbortSignal,
): Promise<RefreshedPages> {
  const result: RefreshedPages = {
    counts: { updated: 0, removed: 0, unchanged: 0, failed: 0 },
    failures: [],
    unanswered: 0,
    visited: new Map(),
  };
  const queue = [...pages];
  const worker = async () => {
    for (let stored = queue.shift(); stored; stored = queue.shift()) {
      signal.throwIfAborted();
      await refreshOne(deps, ctx, agent, stored, signal, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pages.length) }, worker));
  return result;
}

async function refreshOne(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'crawler'> & {
    store: Pick<Store, 'agents' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  agent: AgentRecord,
  stored: SitePage,
  signal: AbortSignal,
  result: RefreshedPages,
): Promise<void> {
  const url = stored.source.url ?? '';
  const outcome = await deps.crawler.refetch(url, stored.page, signal);
  result.visited.set(url, stored.page.links ?? []);
  const fail = (reason: string, status?: number) => {
    result.counts.failed += 1;
    result.failures.push({ url, reason, ...(status !== undefined && { status }) });
  };
  switch (outcome.kind) {
    case 'not-modified':
      await deps.store.sources.setPageState(stored.source.id, {
        ...stored.page,
        etag: outcome.etag,
        lastModified: outcome.lastModified,
      });
      result.counts.unchanged += 1;
      return;
    case 'gone':
    case 'noindex':
      // Asked for already (not fetched again by the discovery); a gone page's old links are not
      // followed, a noindex page's links are, as a crawl follows them.
      result.visited.set(url, outcome.kind === 'noindex' ? outcome.links : []);
      await deleteSource(deps, ctx, agent.id, stored.source.id).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'SOURCE_NOT_FOUND')) throw error;
      });
      result.counts.removed += 1;
      return;
    case 'failed':
      if (outcome.status === undefined || outcome.status >= 500) result.unanswered += 1;
      fail(outcome.detail ?? outcome.reason, outcome.status);
      return;
  }
  const { page } = outcome;
  result.visited.set(url, page.links);
  const hash = pageHash(pageTitle(page.title, url), page.sections);
  if (hash === stored.source.contentHash) {
    await deps.store.sources.setPageState(stored.source.id, {
      siteId: stored.page.siteId,
      etag: page.etag,
      lastModified: page.lastModified,
      links: page.links,
    });
    result.counts.unchanged += 1;
    return;
  }
  try {
    await reindexPage(deps, ctx, agent, stored, page, hash, signal);
    result.counts.updated += 1;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    fail(
      error.code === 'PLAN_LIMIT_REACHED' ? 'storage-full' : error.code === 'SOURCE_NOT_FOUND' ? 'deleted' : 'empty',
    );
  }
}
