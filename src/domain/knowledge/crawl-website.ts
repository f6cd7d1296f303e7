import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { crawlSite, type CrawlOutcome } from '../../ingestion/crawl/crawl-site.ts';
import { normalizeUrl } from '../../ingestion/crawl/normalize-url.ts';
import { AppError, invalidBody } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import { characterCount, prepareSource, storePreparedSource } from './store-source.ts';

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

function parseStartUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidBody({ url: ['must be an absolute http or https URL'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidBody({ url: ['must be an http or https URL'] });
  if (url.username || url.password) throw invalidBody({ url: ['must not contain credentials'] });
  return url.href;
}

function limitReached(report: CrawlReport, message: string): AppError {
  return new AppError('PLAN_LIMIT_REACHED', message, { output: toOutput(report) });
}

export function toOutput(report: CrawlReport): Record<string, unknown> {
  return { url: report.url, added: report.added.map((source) => ({ id: source.id, title: source.title, url: source.url })), skipped: report.skipped };
}

/**
 * Crawls a site from `url` (same host, robots.txt obeyed, SSRF-guarded on every hop) and indexes
 * each new page as a website source, each in its own transaction, so pages indexed before a limit
 * is reached stay. One `source.added` event carries the submitted URL, written with the first page.
 */
export async function crawlWebsite(deps: DomainDeps, ctx: RequestContext, agentId: string, input: { url: string }, options: { signal?: AbortSignal; onProgress?: (progress: CrawlProgress) => void } = {}): Promise<CrawlReport> {
  const agent = await getAgent(deps, ctx, agentId);
  const startUrl = parseStartUrl(input.url);
  const plan = deps.catalog.plans[ctx.plan];
  const report: CrawlReport = { url: startUrl, added: [], skipped: [] };
  const known = new Set(await deps.store.sources.pageUrls(agent.id));
  if (known.size >= plan.crawlPageLimit) throw limitReached(report, `This agent already holds the plan's ${plan.crawlPageLimit} crawled pages.`);

  const pages = crawlSite({ ...CRAWL_SETTINGS, startUrl, fetcher: deps.fetcher, isKnown: (url) => known.has(url), signal: options.signal });
  let seen = 0;
  try {
    for await (const outcome of pages) {
      seen += 1;
      if (outcome.kind === 'skipped') {
        report.skipped.push({ url: outcome.url, reason: outcome.reason, ...(outcome.status !== undefined && { status: outcome.status }) });
        if (seen === 1 && outcome.reason !== 'known' && outcome.reason !== 'robots') throw startFailed(outcome);
      } else {
        if (known.size >= plan.crawlPageLimit) throw limitReached(report, `The plan's limit of ${plan.crawlPageLimit} crawled pages was reached; the pages indexed before it are kept.`);
        const added = await indexPage(deps, ctx, agent, outcome, report);
        if (added) {
          known.add(added.url ?? outcome.url);
          report.added.push(added);
        }
      }
      options.onProgress?.({ found: seen, added: report.added.length, skipped: report.skipped.length });
    }
  } finally {
    await pages.return(undefined);
  }
  return report;
}

function startFailed(outcome: Extract<CrawlOutcome, { kind: 'skipped' }>): AppError {
  const why = outcome.reason === 'blocked' ? 'its address is private or not allowed' : outcome.status ? `it answered HTTP ${outcome.status}` : `of ${outcome.reason}`;
  return invalidBody({ url: [`could not be crawled: ${why}`] }, `The URL could not be crawled because ${why}.`);
}

async function indexPage(deps: DomainDeps, ctx: RequestContext, agent: AgentRecord, page: Extract<CrawlOutcome, { kind: 'page' }>, report: CrawlReport): Promise<SourceRecord | null> {
  const url = normalizeUrl(page.url);
  const text = page.sections.map((section) => section.text);
  const storage = characterCount(...text);
  if (storage === 0) {
    report.skipped.push({ url, reason: 'empty' });
    return null;
  }
  // Refuse before embedding when the page cannot fit; the transaction checks again, exactly.
  const limit = deps.catalog.plans[ctx.plan].storageLimit;
  const used = agent.storageUsed + report.added.reduce((sum, source) => sum + source.storage, 0);
  if (used + storage > limit) throw limitReached(report, "The plan's storage limit for this agent was reached; the pages indexed before it are kept.");
  const draft = { type: 'website' as const, title: (page.title || url).slice(0, 500), content: null, url, size: null, storage, sections: page.sections };
  const prepared = await prepareSource(deps, ctx, agent, draft);
  try {
    await deps.store.transaction((tx) => storePreparedSource(tx, deps, ctx, agent, prepared, report.added.length === 0 ? { source: report.url } : null));
  } catch (error) {
    if (error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED') throw limitReached(report, "The plan's storage limit for this agent was reached; the pages indexed before it are kept.");
    if (isUniqueViolation(error)) {
      report.skipped.push({ url, reason: 'known' });
      return null;
    }
    throw error;
  }
  return prepared.source;
}

/** A concurrent crawl stored the same page first (the unique page index refused ours). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('ERR_SQLITE') && /UNIQUE/i.test(String((error as Error).message)));
}
