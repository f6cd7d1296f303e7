// The labelled retrieval set (test/fixtures/retrieval): help-centre passages of one shop, and
// queries with the passage each should find (null: nothing should be found).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainDeps, RequestContext } from '../../src/domain/context.ts';
import type { AgentRecord } from '../../src/ports/store.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { rankPassages, type RankingMode } from '../../src/domain/search/rank-passages.ts';

const DIR = join(import.meta.dirname, '../fixtures/retrieval');

export interface LabelledPassage {
  id: string;
  title: string;
  text: string;
}

export interface LabelledQuery {
  query: string;
  expect: string | null;
}

export const PASSAGES: LabelledPassage[] = JSON.parse(readFileSync(join(DIR, 'passages.json'), 'utf8'));
export const QUERIES: LabelledQuery[] = JSON.parse(readFileSync(join(DIR, 'queries.json'), 'utf8'));

/** Adds every passage as a text source; returns source id → passage id. */
export async function loadPassages(deps: DomainDeps, ctx: RequestContext, agentId: string): Promise<Map<string, string>> {
  const bySource = new Map<string, string>();
  for (const passage of PASSAGES) {
    const source = await addTextSource(deps, ctx, agentId, { title: passage.title, content: passage.text });
    bySource.set(source.id, passage.id);
  }
  return bySource;
}

export interface Quality {
  hitAt1: number;
  hitAt5: number;
  mrr: number;
  /** Hybrid only: answerable queries whose passage scores at least 0.3 (is returned at all). */
  answeredAboveThreshold?: number;
  /** Hybrid only: unanswerable queries that returned nothing (results under 0.3 are dropped). */
  negativesEmpty?: number;
}

export async function measure(deps: DomainDeps, agent: AgentRecord, bySource: Map<string, string>, mode: RankingMode): Promise<Quality> {
  let hit1 = 0;
  let hit5 = 0;
  let reciprocal = 0;
  let answered = 0;
  let empty = 0;
  const positives = QUERIES.filter((q) => q.expect !== null);
  const negatives = QUERIES.filter((q) => q.expect === null);
  for (const query of positives) {
    // Ranking is measured over every passage; the 0.3 floor is measured on its own below.
    const ranked = await rankPassages(deps, agent, query.query, 20, { mode, minimumScore: 0 });
    const passageOrder = [...new Set(ranked.map((result) => bySource.get(result.source.id)))];
    const rank = passageOrder.indexOf(query.expect ?? undefined);
    if (rank === 0) hit1 += 1;
    if (rank >= 0 && rank < 5) hit5 += 1;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (mode === 'hybrid' && (await rankPassages(deps, agent, query.query, 20)).some((result) => bySource.get(result.source.id) === query.expect)) answered += 1;
  }
  if (mode === 'hybrid') {
    for (const query of negatives) if ((await rankPassages(deps, agent, query.query, 5)).length === 0) empty += 1;
  }
  const quality: Quality = { hitAt1: hit1 / positives.length, hitAt5: hit5 / positives.length, mrr: reciprocal / positives.length };
  if (mode === 'hybrid') Object.assign(quality, { answeredAboveThreshold: answered / positives.length, negativesEmpty: empty / negatives.length });
  return quality;
}
