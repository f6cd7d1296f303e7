import type { DomainDeps, RequestContext } from '../context.ts';
import { getAgent } from '../agents/get-agent.ts';
import { assertCanPay, chargeCredits } from '../credits/charge.ts';
import { rankPassages, type Passage } from './rank-passages.ts';
import { recordQuestion } from '../insights/record-question.ts';
import type { Store } from '../../ports/store.ts';

/** SPEC §8: a flat 0.2 credits per search. */
export const SEARCH_CREDITS = 0.2;

/**
 * Searches an agent's knowledge without a model. 402 or 429 come before any work; the charge is
 * taken once the results exist, in the step that hands them back, so a search that fails or is
 * cut short (a crash, a restart) costs nothing: the ledger holds one charge per answered search.
 * Two searches racing for the last credits are both ranked; the atomic charge refuses the second.
 * A client that left (`signal`) before the charge commits is not charged: the charge rolls back.
 */
export async function searchKnowledge(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder' | 'passageIndex'> & {
    store: Pick<Store, 'accounts' | 'agents' | 'chunks' | 'keys' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  input: { query: string; limit: number; explain?: boolean },
  signal?: AbortSignal,
): Promise<Passage[]> {
  const agent = await getAgent(deps, ctx, agentId);
  await assertCanPay(deps, ctx, SEARCH_CREDITS);
  const passages = await rankPassages(deps, agent, input.query, input.limit, { explain: input.explain });
  await deps.store.transaction(async (tx) => {
    await chargeCredits(tx, deps, ctx, { credits: SEARCH_CREDITS, agentId: agent.id, description: 'search' });
    // An API client's searches feed the insights; the console's own tries (no key) do not.
    if (ctx.key)
      await recordQuestion(tx, deps, {
        accountId: ctx.accountId,
        agentId: agent.id,
        origin: 'search',
        text: input.query,
        conversationId: null,
        messageId: null,
        bestScore: passages[0]?.score ?? null,
      });
    // Last, after any wait for a connection or a lock: a busy server may reach this long after the client gave up.
    signal?.throwIfAborted();
  });
  return passages;
}
