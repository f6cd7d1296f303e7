// Over 300 lines: the docsets harness (ingest, ask, score) that the test, the bench and the research scripts share.
// Real documentation sets (test/fixtures/docsets/<name>): whole pages ingested the way a user
// ingests them (text files uploaded, or an HTML site served on a loopback port and crawled with its
// navigation intact), and questions in users' own words whose answer is a quote from one page.
// Written by authors who never saw the ranking code; each set's README says how. `measureDocset`
// runs every question through the product's search and through plain BM25 over the same passages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { DomainDeps, RequestContext } from '../../src/domain/context.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';
import { crawlWebsite } from '../../src/domain/knowledge/crawl-website.ts';
import { analyzeQuery } from '../../src/text/analyze.ts';
import { indexedAgent, rankPassages, type Passage } from '../../src/domain/search/rank-passages.ts';
import { UNLIMITED_RATE } from '../support/test-server.ts';
import { addPage } from './retrieval-set.ts';

export const DOCSETS_DIR = join(import.meta.dirname, '../fixtures/docsets');

/** A test server's config file for the sets: room for their pages, and the crawler allowed onto
 * the loopback site. */
export const DOCSET_SERVER_CONFIG = {
  ...UNLIMITED_RATE,
  plans: {
    ...UNLIMITED_RATE.plans,
    business: { requestsPerMinute: 100_000, crawlPageLimit: 1_000, storageLimit: 50_000_000 },
  },
  network: { allowPrivateAddresses: true },
};

export interface DocsetQuestion {
  id: string;
  q: string;
  style: string;
  /** The page that answers (a file name under pages/ or a path under site/); null: unanswerable. */
  page: string | null;
  answer: string | null;
  split: 'dev' | 'heldout';
  trap?: boolean;
}

export interface Docset {
  name: string;
  kind: 'pages' | 'site';
  dir: string;
  questions: DocsetQuestion[];
  /** Chrome phrases of a crawled site (navigation, headers, footers), for the chrome share. */
  chrome: string[];
}

export function docsetNames(): string[] {
  if (!existsSync(DOCSETS_DIR)) return [];
  return readdirSync(DOCSETS_DIR)
    .filter((name) => existsSync(join(DOCSETS_DIR, name, 'questions.json')))
    .sort();
}

export function loadDocset(name: string): Docset {
  const dir = join(DOCSETS_DIR, name);
  const kind = existsSync(join(dir, 'site')) ? 'site' : 'pages';
  const { questions } = JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8')) as {
    questions: DocsetQuestion[];
  };
  const chromeFile = join(dir, 'chrome.json');
  const chrome = existsSync(chromeFile)
    ? (JSON.parse(readFileSync(chromeFile, 'utf8')) as { phrases: string[] }).phrases
    : [];
  return { name, kind, dir, questions, chrome };
}

/** Source id → the page it came from (file name, or the URL's path without its leading slash). */
export type PageOfSource = Map<string, string>;

/** Ingests the set into the agent as a user would: uploads every page, or crawls the site. */
export async function ingestDocset(
  deps: DomainDeps,
  ctx: RequestContext,
  agent: AgentRecord,
  set: Docset,
): Promise<PageOfSource> {
  return set.kind === 'site' ? crawlDocset(deps, ctx, agent, set) : uploadDocset(deps, ctx, agent, set);
}

async function uploadDocset(
  deps: DomainDeps,
  ctx: RequestContext,
  agent: AgentRecord,
  set: Docset,
): Promise<PageOfSource> {
  const pages = new Map<string, string>();
  const dir = join(set.dir, 'pages');
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const source = await addPage(deps, ctx, agent.id, {
      id: file,
      title: file,
      content: readFileSync(join(dir, file), 'utf8'),
    });
    pages.set(source.id, file);
  }
  return pages;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** The site folder served as it is on a loopback port (the crawler's robots.txt request gets a 404). */
export async function serveSite(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root) || !existsSync(file) || !extname(file))
      return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    response
      .writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function crawlDocset(
  deps: DomainDeps,
  ctx: RequestContext,
  agent: AgentRecord,
  set: Docset,
): Promise<PageOfSource> {
  const site = await serveSite(join(set.dir, 'site'));
  try {
    const report = await crawlWebsite(deps, ctx, agent.id, { url: `${site.url}index.html` });
    return new Map(
      report.added.map((source) => [source.id, new URL(source.url as string).pathname.replace(/^\//, '')]),
    );
  } finally {
    await site.close();
  }
}

/** Letters and digits only, lower case: a quote matches whatever markup or spacing surrounds it. */
const letters = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** A passage holds the answer when it holds the quote, or its first or last three fifths (a quote
 * that straddles two overlapping passages is still found in one of them). */
export function holdsAnswer(content: string, answer: string): boolean {
  const text = letters(content);
  if (text.includes(letters(answer))) return true;
  const words = answer.split(/\s+/);
  const part = Math.ceil(words.length * 0.6);
  if (part >= words.length) return false;
  return text.includes(letters(words.slice(0, part).join(' '))) || text.includes(letters(words.slice(-part).join(' ')));
}

export interface DocsetFigures {
  answerable: number;
  unanswerable: number;
  hit1: number;
  hit5: number;
  mrr: number;
  pageHit5: number;
  /** Answerable questions that returned nothing at or above the floor. */
  emptyAnswerable: number;
  unanswerableEmpty: number;
  /** Returned passages carrying the site's chrome, of all returned passages (crawled sets). */
  chromeShare: number;
  p50: number;
  p95: number;
}

interface Tally {
  answerable: number;
  unanswerable: number;
  hit1: number;
  hit5: number;
  reciprocal: number;
  pageHit5: number;
  emptyAnswerable: number;
  unanswerableEmpty: number;
  returned: number;
  chrome: number;
  latencies: number[];
}

const tally = (): Tally => ({
  answerable: 0,
  unanswerable: 0,
  hit1: 0,
  hit5: 0,
  reciprocal: 0,
  pageHit5: 0,
  emptyAnswerable: 0,
  unanswerableEmpty: 0,
  returned: 0,
  chrome: 0,
  latencies: [],
});

/** What the search returns for one question: its passages, each with the page it came from. */
type Ranked = Array<{ content: string; page: string | undefined }>;

function count(into: Tally, question: DocsetQuestion, ranked: Ranked, chrome: string[]): void {
  into.returned += ranked.length;
  const lowerChrome = chrome.map((phrase) => phrase.toLowerCase());
  into.chrome += ranked.filter(({ content }) => {
    const text = content.replace(/\s+/g, ' ').toLowerCase();
    return lowerChrome.some((phrase) => text.includes(phrase));
  }).length;
  if (question.answer === null) {
    into.unanswerable += 1;
    if (ranked.length === 0) into.unanswerableEmpty += 1;
    return;
  }
  into.answerable += 1;
  if (ranked.length === 0) into.emptyAnswerable += 1;
  const at = ranked.findIndex(
    (result) => result.page === question.page && holdsAnswer(result.content, question.answer as string),
  );
  if (at === 0) into.hit1 += 1;
  if (at >= 0 && at < 5) into.hit5 += 1;
  if (at >= 0) into.reciprocal += 1 / (at + 1);
  if (ranked.slice(0, 5).some((result) => result.page === question.page)) into.pageHit5 += 1;
}

function figures(t: Tally): DocsetFigures {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    answerable: t.answerable,
    unanswerable: t.unanswerable,
    hit1: share(t.hit1, t.answerable),
    hit5: share(t.hit5, t.answerable),
    mrr: share(t.reciprocal, t.answerable),
    pageHit5: share(t.pageHit5, t.answerable),
    emptyAnswerable: share(t.emptyAnswerable, t.answerable),
    unanswerableEmpty: share(t.unanswerableEmpty, t.unanswerable),
    chromeShare: share(t.chrome, t.returned),
    p50: at(0.5),
    p95: at(0.95),
  };
}

/** Results a search shows: SPEC's default of 10 is more than any of these measures read. */
const LIMIT = 10;

/** The product's search and plain BM25 (Okapi over the same passages' analysed terms and the question as search analyses it, no spelling correction, no floor)
 * on the set's questions of one split. */
export async function measureDocset(
  deps: DomainDeps,
  agent: AgentRecord,
  pages: PageOfSource,
  set: Docset,
  split: 'dev' | 'heldout' | 'all',
): Promise<{ product: DocsetFigures; unfloored: DocsetFigures; bm25: DocsetFigures }> {
  const product = tally();
  const unfloored = tally();
  const bm25 = tally();
  const pageOf = (passage: Passage) => pages.get(passage.source.id);
  for (const question of set.questions.filter((q) => split === 'all' || q.split === split)) {
    const started = performance.now();
    const results = await rankPassages(deps, agent, question.q, LIMIT);
    product.latencies.push(performance.now() - started);
    count(
      product,
      question,
      results.map((result) => ({ content: result.content, page: pageOf(result) })),
      set.chrome,
    );
    // The same order with no floor: what the score's floor costs the ranking.
    const all = await rankPassages(deps, agent, question.q, LIMIT, { minimumScore: 0 });
    count(
      unfloored,
      question,
      all.map((result) => ({ content: result.content, page: pageOf(result) })),
      set.chrome,
    );

    const { candidates } = await deps.passageIndex.candidates(indexedAgent(deps, agent), {
      terms: analyzeQuery(question.q).terms,
      perSignal: LIMIT,
    });
    const best = candidates
      .sort((a, b) => b.bm25 - a.bm25 || (a.chunkId < b.chunkId ? -1 : 1))
      .map((candidate) => candidate.chunkId);
    const rows = new Map((await deps.store.chunks.withSources(agent.id, best)).map((row) => [row.id, row]));
    const ranked = best
      .map((id) => rows.get(id))
      .filter((row) => row !== undefined)
      .map((row) => ({ content: row.content, page: pages.get(row.source.id) }));
    // Plain BM25 has no floor: every question with a shared word gets an answer.
    count(bm25, question, ranked, set.chrome);
  }
  return { product: figures(product), unfloored: figures(unfloored), bm25: figures(bm25) };
}

export function formatFigures(f: DocsetFigures): string {
  const n = (value: number) => value.toFixed(3);
  return `hit@1 ${n(f.hit1)} hit@5 ${n(f.hit5)} MRR ${n(f.mrr)} page@5 ${n(f.pageHit5)} emptyAns ${n(f.emptyAnswerable)} unansEmpty ${n(f.unanswerableEmpty)} chrome ${n(f.chromeShare)} p50 ${f.p50.toFixed(1)}ms p95 ${f.p95.toFixed(1)}ms (n=${f.answerable}+${f.unanswerable})`;
}

/** One run of a set, as the eval script, the scale check and the test print it: the product, its
 * order without the floor, and plain BM25, a line each. */
export function formatDocsetRun(run: {
  product: DocsetFigures;
  unfloored: DocsetFigures;
  bm25: DocsetFigures;
}): string {
  return [
    `  product ${formatFigures(run.product)}`,
    `  order   ${formatFigures(run.unfloored)}`,
    `  bm25    ${formatFigures(run.bm25)}`,
  ].join('\n');
}
