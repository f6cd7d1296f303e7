import type { RequestContext } from '../context.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import { isoTime } from '../iso-time.ts';
import type { Store } from '../../ports/store.ts';

export interface ConsoleToolCall {
  id: string;
  messageId: string;
  name: string;
  arguments: string;
  status: string;
  output: string | null;
  updatedAt: string;
}

/** A conversation's tool calls with what the client's tool returned (the console's conversation
 * view; the public API's messages carry no outputs, SPEC §2). Newest message first. */
export async function listToolCalls(
  deps: { store: Pick<Store, 'agents' | 'conversations' | 'insights'> },
  ctx: RequestContext,
  agentId: string,
  conversationId: string,
  page: PageRequest,
): Promise<Page<ConsoleToolCall>> {
  const agent = await getAgent(deps, ctx, agentId);
  if (!(await deps.store.conversations.get(ctx.accountId, agent.id, conversationId)))
    throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  const result = await deps.store.insights.toolCalls(ctx.accountId, conversationId, page);
  return {
    items: result.items.map((call) => ({
      id: call.id,
      messageId: call.messageId,
      name: call.name,
      arguments: call.arguments,
      status: call.status,
      output: call.output,
      updatedAt: isoTime(call.updatedAt),
    })),
    total: result.total,
  };
}
