import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { crawlSite, type CrawlOutcome } from '../../ingestion/crawl/crawl-site.ts';
import { normalizeUrl } from '../../ingestion/crawl/normalize-url.ts';
import { AppError, invalidBody } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import { DuplicatePageError, characterCount, prepareSource, reserveStorage, storePreparedSource, type PreparedSource, type SourceDraft } from './store-source.ts';

export interface CrawlReport {
  url: string;
  added: SourceRecord[];
  skipped: Array<{ url: string; reason: string; status?: number }>;
}

export const CRAWL_SETTINGS = {
  concurrency: 4,
  pageTimeoutMs: 15_000,
  maxPageBytes: 3_000_000,
  userAgent: 'ColloquyBot/1.0 (+https://github.com/colloquy/colloquy)',
  /** Pages fetched per crawl, at most: enough to find new pages among ones already held. */
  maxFetches: 1_000,
};

export interface CrawlProgress {
  found: number;
  added: number;
  skipped: number;
}

/** The same rules as every outbound target (http(s), no credentials, no refused address, the name
 * resolved now); the crawler's fetcher judges every hop again. */
async function checkStartUrl(deps: DomainDeps, raw: string): Promise<string> {
  const verdict = await deps.targetCheck.check(raw);
  if (!verdict.ok) throw invalidBody({ url: [`could not be crawled: ${verdict.reason}`] }, `The URL could not be crawled: ${verdict.reason}.`);
  return new URL(raw).href;
}

function limitReached(report: CrawlReport, message: string): AppError {
  return new AppError('PLAN_LIMIT_REACHED', message, { output: toOutput(report) });
}

function toOutput(report: CrawlReport): Record<string, unknown> {
  return { url: report.url, added: report.added.map((source) => ({ id: source.id, title: source.title, url: source.url })), skipped: report.skipped };
}

/**
 * Crawls a site from `url` (same host, robots.txt obeyed, SSRF-guarded on every hop) and indexes
 * each new page as a website source, each in its own transaction, so pages indexed before a limit
 * is reached stay. One `source.added` event carries the submitted URL, written with the first page.
 */
export async function crawlWebsite(deps: DomainDeps, ctx: RequestContext, agentId: string, input: { url: string }, options: { signal?: AbortSignal; onProgress?: (progress: CrawlProgress) => void } = {}): Promise<CrawlReport> {
  const agent = await getAgent(deps, ctx, agentId);
  const startUrl = await checkStartUrl(deps, input.url);
  const plan = deps.catalog.plans[ctx.plan];
  const report: CrawlReport = { url: startUrl, added: [], skipped: [] };
  const known = new Set(await deps.store.sources.pageUrls(agent.id));
  if (known.size >= plan.crawlPageLimit) throw limitReached(report, `This agent already holds the plan's ${plan.crawlPageLimit} crawled pages.`);

  const pages = crawlSite({ ...CRAWL_SETTINGS, startUrl, fetcher: deps.fetcher, isKnown: (url) => known.has(url), signal: options.signal });
  const indexing = createPageIndexer(deps, ctx, agent, report, options.signal);
  let seen = 0;
  const progress = () => options.onProgress?.({ found: seen, added: report.added.length, skipped: report.skipped.length });
  try {
    for await (const outcome of pages) {
      seen += 1;
      if (outcome.kind === 'skipped') {
        report.skipped.push({ url: outcome.url, reason: outcome.reason, ...(outcome.status !== undefined && { status: outcome.status }) });
        if (seen === 1 && outcome.reason !== 'known' && outcome.reason !== 'robots') throw startFailed(outcome);
        progress();
        continue;
      }
      // Pages on their way count against the page limit until they are stored or dropped.
      while (known.size + indexing.pending() >= plan.crawlPageLimit && indexing.pending() > 0) await indexing.settleOne();
      indexing.throwIfFailed();
      if (known.size >= plan.crawlPageLimit) throw limitReached(report, `The plan's limit of ${plan.crawlPageLimit} crawled pages was reached; the pages indexed before it are kept.`);
      indexing.start(outcome, (added) => {
        known.add(added.url ?? outcome.url);
        progress();
      });
      // Embedding is the slow step: keep as many pages in it as the embedder has workers.
      if (indexing.pending() >= PAGES_IN_FLIGHT) await indexing.settleOne();
      indexing.throwIfFailed();
    }
    await indexing.settleAll();
    indexing.throwIfFailed();
  } catch (error) {
    // Pages already on their way finish first; the error then lists everything that was kept.
    await indexing.settleAll();
    if (error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED') throw limitReached(report, error.message);
    throw error;
  } finally {
    await indexing.settleAll();
    await pages.return(undefined);
  }
  return report;
}

const PAGES_IN_FLIGHT = 2;

/**
 * Pages are chunked and embedded side by side (up to PAGES_IN_FLIGHT), then stored one at a
 * time in the order they finish, each in its own transaction. The first failure stops further
 * stores and is raised by the crawl loop.
 */
function createPageIndexer(deps: DomainDeps, ctx: RequestContext, agent: AgentRecord, report: CrawlReport, signal?: AbortSignal) {
  const inFlight: Array<Promise<void>> = [];
  let storing: Promise<unknown> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  return {
    pending: () => inFlight.length,
    start(page: Extract<CrawlOutcome, { kind: 'page' }>, onAdded: (source: SourceRecord) => void) {
      const job = (async () => {
        const draft = pageDraft(page, report);
        if (!draft) return;
        // Reserved before embedding (atomically, against uploads and other crawls too): a page
        // that cannot fit is refused before any work; given back if it is not stored.
        const reservation = await reserveStorage(deps, ctx, agent, draft.storage).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED' ? limitReached(report, "The plan's storage limit for this agent was reached; the pages indexed before it are kept.") : error;
        });
        let added: SourceRecord | null = null;
        try {
          const prepared = await prepareSource(deps, ctx, agent, draft, signal);
          // Stores run one after another, in the order pages finish embedding.
          const stored = storing.then(async () => {
            if (failure) return null;
            const added = await storePage(deps, ctx, agent, prepared, report);
            if (added) report.added.push(added);
            return added;
          });
          storing = stored.catch(() => undefined);
          added = await stored;
          if (added) onAdded(added);
        } finally {
          if (!added) await reservation.release().catch(() => {});
        }
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

/** Why the start page could not be had, in words a client can act on. */
const START_FAILURES: Record<string, string> = {
  blocked: 'its address is private or not allowed',
  timeout: 'it did not answer in time',
  network: 'the connection failed',
  'not-html': 'it is not an HTML page',
  'too-large': 'the page is too large',
  empty: 'the page has no text',
  'http-error': 'it redirected too many times',
};

function startFailed(outcome: Extract<CrawlOutcome, { kind: 'skipped' }>): AppError {
  const why = outcome.status ? `it answered HTTP ${outcome.status}` : outcome.reason === 'blocked' ? START_FAILURES.blocked : (outcome.detail ?? START_FAILURES[outcome.reason] ?? outcome.reason);
  return invalidBody({ url: [`could not be crawled: ${why}`] }, `The URL could not be crawled because ${why}.`);
}

/** A page as a source draft, or null (recorded as skipped) when it has no text. */
function pageDraft(page: Extract<CrawlOutcome, { kind: 'page' }>, report: CrawlReport): SourceDraft | null {
  const url = normalizeUrl(page.url);
  const storage = characterCount(...page.sections.map((section) => section.text));
  if (storage === 0) {
    report.skipped.push({ url, reason: 'empty' });
    return null;
  }
  return { type: 'website', title: (page.title || url).slice(0, 500), content: null, url, size: null, storage, sections: page.sections };
}

/** Stores one prepared page; the crawl's one `source.added` event goes with the first page stored. */
async function storePage(deps: DomainDeps, ctx: RequestContext, agent: AgentRecord, prepared: PreparedSource, report: CrawlReport): Promise<SourceRecord | null> {
  try {
    await deps.store.transaction((tx) => storePreparedSource(tx, deps, ctx, agent, prepared, report.added.length === 0 ? { source: report.url } : null));
  } catch (error) {
    if (error instanceof DuplicatePageError) {
      report.skipped.push({ url: prepared.source.url ?? '', reason: 'known' });
      return null;
    }
    throw error;
  }
  return prepared.source;
}
