import type { DomainDeps, RequestContext } from '../context.ts';
import { getAgent } from '../agents/get-agent.ts';
import { chargeCredits, refundCharge } from '../credits/charge.ts';
import { rankPassages, type Passage } from './rank-passages.ts';

/** SPEC §8: a flat 0.2 credits per search. */
export const SEARCH_CREDITS = 0.2;

/**
 * Searches an agent's knowledge without a model. The charge is taken first, atomically (402 or
 * 429 before any work); if the search then fails, it is refunded, so a failure costs nothing.
 */
export async function searchKnowledge(deps: DomainDeps, ctx: RequestContext, agentId: string, input: { query: string; limit: number; explain?: boolean }): Promise<Passage[]> {
  const agent = await getAgent(deps, ctx, agentId);
  const charge = await deps.store.transaction((tx) => chargeCredits(tx, deps, ctx, { credits: SEARCH_CREDITS, agentId: agent.id, description: 'search' }));
  try {
    return await rankPassages(deps, agent, input.query, input.limit, { explain: input.explain });
  } catch (error) {
    await refundCharge(deps, ctx, charge);
    throw error;
  }
}
