// Conversations of an agent and period as JSONL (one conversation a line, its messages inside) or
// CSV (one message a row), produced in batches so that a large account is never held in memory:
// the caller streams each chunk out as it comes.
import type { RequestContext } from '../context.ts';
import type { Period } from '../../ports/insight-store.ts';
import type { ConversationRecord, MessageRecord } from '../../ports/conversation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { isoTime } from '../iso-time.ts';
import type { Store } from '../../ports/store.ts';

export type ExportFormat = 'jsonl' | 'csv';

/** Conversations read per query. */
const BATCH = 50;

export const CSV_COLUMNS = [
  'conversation_id',
  'user_id',
  'conversation_created_at',
  'message_id',
  'seq',
  'role',
  'content',
  'tool_calls',
  'feedback_rating',
  'feedback_comment',
  'created_at',
  // Last, so readers of the earlier columns by position keep working: `person` and the name on a
  // reply a person wrote (the JSONL's `author`), empty on the agent's replies and the user's messages.
  'author_type',
  'author_name',
] as const;

/** Checks the agent before anything is sent (so a 404 is an ordinary answer), then yields the export. */
export async function exportConversations(
  deps: { store: Pick<Store, 'agents' | 'insights'> },
  ctx: RequestContext,
  agentId: string,
  period: Period,
  format: ExportFormat,
): Promise<AsyncIterable<string>> {
  const agent = await getAgent(deps, ctx, agentId);
  return (async function* () {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    let cursor: { createdAt: number; id: string } | null = null;
    for (;;) {
      const batch = await deps.store.insights.conversationsForExport(ctx.accountId, agent.id, period, cursor, BATCH);
      if (batch.length === 0) return;
      yield batch
        .map(({ conversation, messages }) =>
          format === 'jsonl' ? jsonLine(conversation, messages) : csvRows(conversation, messages),
        )
        .join('');
      const last = (batch[batch.length - 1] as (typeof batch)[0]).conversation;
      cursor = { createdAt: last.createdAt, id: last.id };
      if (batch.length < BATCH) return;
    }
  })();
}

const toolCallsOf = (message: MessageRecord) =>
  message.toolCalls.map((call) => ({
    id: call.id,
    name: call.name,
    arguments: call.arguments,
    status: call.status,
    output: call.output,
  }));

function jsonLine(conversation: ConversationRecord, messages: MessageRecord[]): string {
  const line = {
    id: conversation.id,
    userId: conversation.userId,
    title: conversation.title,
    createdAt: isoTime(conversation.createdAt),
    updatedAt: isoTime(conversation.updatedAt),
    messages: messages.map((message) => ({
      id: message.id,
      seq: message.seq,
      role: message.role,
      content: message.content,
      toolCalls: toolCallsOf(message),
      feedback: message.feedback && {
        rating: message.feedback.rating,
        comment: message.feedback.comment,
        createdAt: isoTime(message.feedback.createdAt),
      },
      createdAt: isoTime(message.createdAt),
      ...(message.authorName !== null && { author: { type: 'person', name: message.authorName } }),
    })),
  };
  // JSON.stringify escapes line breaks inside strings, so each conversation is one line.
  return `${JSON.stringify(line)}\n`;
}

function csvRows(conversation: ConversationRecord, messages: MessageRecord[]): string {
  return messages
    .map((message) => {
      const cells = [
        conversation.id,
        conversation.userId,
        isoTime(conversation.createdAt),
        message.id,
        String(message.seq),
        message.role,
        message.content,
        message.toolCalls.length > 0 ? JSON.stringify(toolCallsOf(message)) : null,
        message.feedback?.rating ?? null,
        message.feedback?.comment ?? null,
        isoTime(message.createdAt),
        message.authorName !== null ? 'person' : null,
        message.authorName,
      ];
      return `${cells.map(csvCell).join(',')}\r\n`;
    })
    .join('');
}

/**
 * RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. A text cell
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (OWASP's CSV injection advice): an export of what strangers typed must not execute.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
