import type { RequestContext } from '../context.ts';
import type { Period } from '../../ports/insight-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import { getAgent } from '../agents/get-agent.ts';
import { isoTime } from '../iso-time.ts';
import type { Store } from '../../ports/store.ts';

export interface PublicDownvotedReply {
  messageId: string;
  conversationId: string;
  question: string | null;
  reply: string | null;
  comment: string | null;
  ratedAt: string;
  /** A person's reply (docs/handoff.md), told apart from the agent's as in message lists. */
  author?: { type: 'person'; name: string };
}

/** The agent's replies rated down in the period (by when they were rated), newest first, with the
 * question each answered and the comment left with the rating. */
export async function listDownvoted(
  deps: { store: Pick<Store, 'agents' | 'insights'> },
  ctx: RequestContext,
  agentId: string,
  period: Period,
  page: PageRequest,
): Promise<Page<PublicDownvotedReply>> {
  const agent = await getAgent(deps, ctx, agentId);
  const result = await deps.store.insights.downvoted(ctx.accountId, agent.id, period, page);
  return {
    items: result.items.map(({ authorName, ...row }) => ({
      ...row,
      ratedAt: isoTime(row.ratedAt),
      ...(authorName !== null && { author: { type: 'person' as const, name: authorName } }),
    })),
    total: result.total,
  };
}
