import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { AppError, invalidBody } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import type { IngestTask } from '../../ports/ingestion-queue.ts';
import { recordEvent } from '../events/record-event.ts';
import { storedSource } from './ingest-job.ts';
import { toPublicSource } from './source-view.ts';
import { rememberSite } from '../sites/remember-site.ts';
import { pageDraft as sitePageDraft } from '../sites/page-draft.ts';
import { PRIVATE_ADDRESS_HINT } from '../../ports/target-check.ts';
import type { Store } from '../../ports/store.ts';

export interface CrawlReport {
  url: string;
  /** The site the crawl is remembered as (for re-sync). */
  siteId: string;
  added: SourceRecord[];
  /** `duplicate`: the same text as the held page `sameAs`. */
  skipped: Array<{ url: string; reason: string; status?: number; sameAs?: string }>;
}

export interface CrawlProgress {
  found: number;
  added: number;
  skipped: number;
}

/** The same rules as every outbound target (http(s), no credentials, no refused address, the name
 * resolved now); the crawler's fetcher judges every hop again. */
async function checkStartUrl(deps: Pick<DomainDeps, 'targetCheck'>, raw: string): Promise<string> {
  const verdict = await deps.targetCheck.check(raw);
  if (!verdict.ok)
    throw invalidBody(
      { url: [`could not be crawled: ${verdict.reason}`] },
      `The URL could not be crawled: ${verdict.reason}.`,
    );
  return new URL(raw).href;
}

/** The crawl's 403: `output` is what a successful crawl answers (the kept pages as Source
 * resources, the site once remembered), plus the limit that was reached: `storage.limit` when
 * storage ran out, as on every other source-adding 403, or `pages.limit` for the crawled pages. */
function limitReached(report: CrawlReport, message: string, limit: { storage?: unknown; pages?: unknown }): AppError {
  const output = {
    url: report.url,
    ...(report.siteId && { siteId: report.siteId }),
    added: report.added.map(toPublicSource),
    skipped: report.skipped,
    ...(limit.storage !== undefined && { storage: limit.storage }),
    ...(limit.pages !== undefined && { pages: limit.pages }),
  };
  return new AppError('PLAN_LIMIT_REACHED', message, { output });
}

/**
 * Crawls a site from `url` (same host, robots.txt obeyed, SSRF-guarded on every hop) and indexes
 * each new page as a website source, each in its own transaction, so pages indexed before a limit
 * is reached stay. One `source.added` event carries the submitted URL, written with the first page.
 */
export async function crawlWebsite(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'ingestion' | 'crawler' | 'targetCheck'> & {
    store: Pick<Store, 'agents' | 'sites' | 'sources' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  input: { url: string },
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: CrawlProgress) => void;
    prefetched?: ReadonlyMap<string, string[]>;
  } = {},
): Promise<CrawlReport> {
  const agent = await getAgent(deps, ctx, agentId);
  const startUrl = await checkStartUrl(deps, input.url);
  const plan = deps.catalog.plans[ctx.plan];
  const report: CrawlReport = { url: startUrl, siteId: '', added: [], skipped: [] };
  // Remembered once the start page is had: a start refused with 400 leaves no site behind.
  const remember = async (): Promise<void> => {
    if (!report.siteId) report.siteId = (await rememberSite(deps, ctx, agent, startUrl)).id;
  };
  const held = await deps.store.sources.pageHashes(agent.id);
  const known = new Set(held.map((page) => page.url));
  const hashes = new Map(held.flatMap((page) => (page.contentHash ? [[page.contentHash, page.url] as const] : [])));
  if (known.size >= plan.crawlPageLimit)
    throw limitReached(report, `This agent already holds the plan's ${plan.crawlPageLimit} crawled pages.`, {
      pages: { limit: plan.crawlPageLimit },
    });

  const pages = deps.crawler.crawl(startUrl, {
    isKnown: (url) => known.has(url),
    signal: options.signal,
    prefetched: options.prefetched,
  });
  const indexing = createPageIndexer(
    deps,
    ctx,
    agent,
    report,
    (page) => sitePageDraft(page, report.siteId, hashes),
    options.signal,
  );
  let seen = 0;
  const progress = () =>
    options.onProgress?.({ found: seen, added: report.added.length, skipped: report.skipped.length });
  try {
    for await (const outcome of pages) {
      seen += 1;
      if (outcome.kind === 'skipped') {
        report.skipped.push({
          url: outcome.url,
          reason: outcome.reason,
          ...(outcome.status !== undefined && { status: outcome.status }),
          ...(outcome.sameAs && { sameAs: outcome.sameAs }),
        });
        if (seen === 1 && !START_SKIPS_THAT_CONTINUE.has(outcome.reason)) throw startFailed(outcome);
        await remember();
        progress();
        continue;
      }
      await remember();
      // Pages on their way count against the page limit until they are stored or dropped.
      while (known.size + indexing.pending() >= plan.crawlPageLimit && indexing.pending() > 0)
        await indexing.settleOne();
      indexing.throwIfFailed();
      if (known.size >= plan.crawlPageLimit)
        throw limitReached(
          report,
          `The plan's limit of ${plan.crawlPageLimit} crawled pages was reached; the pages indexed before it are kept.`,
          { pages: { limit: plan.crawlPageLimit } },
        );
      indexing.start(outcome, (added) => {
        known.add(added.url ?? outcome.url);
        progress();
      });
      // Embedding is the slow step: keep as many pages in it as the queue's workers take.
      if (indexing.full()) await indexing.settleOne();
      indexing.throwIfFailed();
    }
    await indexing.settleAll();
    indexing.throwIfFailed();
    await remember();
  } catch (error) {
    // Pages already on their way finish first; the error then lists everything that was kept.
    await indexing.settleAll();
    if (error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED')
      throw limitReached(report, error.message, {
        storage: error.details.output?.storage,
        pages: error.details.output?.pages,
      });
    throw error;
  } finally {
    await indexing.settleAll();
    await pages.return(undefined);
    if (report.siteId) await deps.store.sites.recount(report.siteId).catch(() => undefined);
  }
  return report;
}

/**
 * Each page is one ingestion job (chunk, embed, store; on PostgreSQL on any node), up to the
 * queue's parallelism side by side, each stored in its own transaction as it finishes. The crawl's
 * one `source.added` event is written when its first page is stored. The first failure stops
 * further pages and is raised by the crawl loop.
 */
function createPageIndexer(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'ingestion'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  report: CrawlReport,
  draftOf: (page: Extract<CrawlOutcome, { kind: 'page' }>) => ReturnType<typeof sitePageDraft>,
  signal?: AbortSignal,
) {
  const inFlight: Array<Promise<void>> = [];
  let failure: { error: unknown } | null = null;
  return {
    pending: () => inFlight.length,
    full: () => inFlight.length >= deps.ingestion.parallelism,
    start(page: Extract<CrawlOutcome, { kind: 'page' }>, onAdded: (source: SourceRecord) => void) {
      const job = (async () => {
        const task = pageTask(draftOf(page), report);
        if (!task) return;
        // Its storage is reserved when it is queued (atomically, against uploads and other crawls
        // too): a page that cannot fit is refused before any work; given back if it is not stored.
        const outcome = await deps.ingestion
          .run({ ctx, agent, storage: task.storage, task: task.task, event: null }, signal)
          .catch((error: unknown) => {
            throw error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED'
              ? limitReached(
                  report,
                  "The plan's storage limit for this agent was reached; the pages indexed before it are kept.",
                  { storage: error.details.output?.storage },
                )
              : error;
          });
        // Stored even when another page failed meanwhile: the report lists everything kept.
        const added = storedSource(outcome);
        if (!added) {
          report.skipped.push({ url: task.task.url, reason: 'known' });
          return;
        }
        report.added.push(added);
        if (report.added.length === 1)
          await deps.store.transaction((tx) =>
            recordEvent(tx, deps, ctx.accountId, 'source.added', {
              agent: { id: agent.id, name: agent.name },
              source: report.url,
            }),
          );
        onAdded(added);
      })().catch((error: unknown) => {
        failure ??= { error };
      });
      inFlight.push(job);
    },
    async settleOne() {
      await inFlight.shift();
    },
    async settleAll() {
      while (inFlight.length > 0) await inFlight.shift();
    },
    throwIfFailed() {
      if (failure) throw failure.error;
    },
  };
}

/** A start page skipped for these still leads the crawl on (its links, or its canonical page). */
const START_SKIPS_THAT_CONTINUE = new Set(['known', 'robots', 'canonical', 'noindex']);

/** Why the start page could not be had, in words a client can act on. */
const START_FAILURES: Record<string, string> = {
  blocked: `its address is private or not allowed (${PRIVATE_ADDRESS_HINT})`,
  timeout: 'it did not answer in time',
  network: 'the connection failed',
  'not-html': 'it is not an HTML page',
  'too-large': 'the page is too large',
  empty: 'the page has no text',
  'http-error': 'it redirected too many times',
  'redirect-loop': 'it redirects in a loop',
};

function startFailed(outcome: Extract<CrawlOutcome, { kind: 'skipped' }>): AppError {
  // The fetcher's own words for a refused address lack the setting that allows it: the hint says it.
  const why = outcome.status
    ? `it answered HTTP ${outcome.status}`
    : outcome.reason === 'blocked'
      ? START_FAILURES.blocked
      : outcome.reason === 'off-site'
        ? `${outcome.detail ?? 'it redirects off the site'} (a crawl stays on one site: to crawl that one, give its URL)`
        : (outcome.detail ?? START_FAILURES[outcome.reason] ?? outcome.reason);
  return invalidBody({ url: [`could not be crawled: ${why}`] }, `The URL could not be crawled because ${why}.`);
}

/** A page as an ingestion task, or null (recorded as skipped) when it has no text or the agent
 * holds its text already. */
function pageTask(
  result: ReturnType<typeof sitePageDraft>,
  report: CrawlReport,
): { storage: number; task: Extract<IngestTask, { kind: 'page' }> } | null {
  if ('skip' in result) {
    report.skipped.push(result.skip);
    return null;
  }
  const { draft } = result;
  if (!('sections' in draft)) return null;
  return {
    storage: draft.storage,
    task: {
      kind: 'page',
      title: draft.title,
      url: draft.url ?? '',
      sections: draft.sections,
      ...(draft.contentHash && { contentHash: draft.contentHash }),
      ...(draft.page && { page: draft.page }),
    },
  };
}
