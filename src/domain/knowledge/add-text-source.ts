import type { DomainDeps, RequestContext } from '../context.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { addSource, characterCount } from './store-source.ts';
import { sectionsOfPlainText } from '../../text/plain-text.ts';
import type { Store } from '../../ports/store.ts';

/** SPEC §8: title 4 to 55 characters, content up to 1500. */
export const TEXT_TITLE_MIN = 4;
export const TEXT_TITLE_MAX = 55;
export const TEXT_CONTENT_MAX = 1500;

/** Adds a text entry; its title and content count against storage. Emits `source.added`. */
export async function addTextSource(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder'> & { store: Pick<Store, 'agents' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  input: { title: string; content: string },
): Promise<SourceRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const draft = {
    type: 'text' as const,
    title: input.title,
    content: input.content,
    url: null,
    size: null,
    storage: characterCount(input.title, input.content),
    sections: sectionsOfPlainText(input.content, input.title),
  };
  return addSource(deps, ctx, agent, draft, input.title);
}
