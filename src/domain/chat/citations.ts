// Citations of a reply (opt-in): the passages that grounded it, as chat grounding received them
// from the ranking (best first), with where each came from. An adapter only: the ranking is search's.
import type { RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { SourceRecord, SourceType } from '../../ports/knowledge-store.ts';
import type { Passage } from '../search/rank-passages.ts';

export interface Citation {
  sourceId: string;
  type: SourceType;
  title: string;
  /** Website sources: the page. */
  url?: string;
  /** File sources: the uploaded file's name. */
  fileName?: string;
  /** The passage the model was given. */
  quote: string;
  /** Its search score, 0 to 1. */
  score: number;
}

function whereFrom(
  source: SourceRecord | undefined,
  type: SourceType,
  title: string,
): Pick<Citation, 'url' | 'fileName'> {
  if (type === 'website' && source?.url) return { url: source.url };
  if (type === 'file') return { fileName: source?.title ?? title };
  return {};
}

export async function toCitations(
  deps: { store: Pick<Store, 'sources'> },
  ctx: RequestContext,
  agentId: string,
  passages: readonly Passage[],
): Promise<Citation[]> {
  const ids = [...new Set(passages.map((passage) => passage.source.id))];
  const sources = new Map(
    await Promise.all(ids.map(async (id) => [id, await deps.store.sources.get(ctx.accountId, agentId, id)] as const)),
  );
  return passages.map(({ source, content, score }) => ({
    sourceId: source.id,
    type: source.type,
    title: source.title,
    ...whereFrom(sources.get(source.id), source.type, source.title),
    quote: content,
    score,
  }));
}
