// POST /agents/{id}/chat, as domain steps: every check that can refuse the request runs before any
// work (SPEC §4: errors before streaming are ordinary JSON errors); the reply, the tool results it
// answers and its charge are stored in one transaction, so a failed request is never charged.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord, ClientTool } from '../../ports/agent-store.ts';
import type { Store } from '../../ports/store.ts';
import type { ConversationRecord, MessageRecord, MessageSource, NewMessage } from '../../ports/conversation-store.ts';
import { ChatModelError, type FinishReason, type ModelToolCall } from '../../ports/chat-model.ts';
import { isServiceUnavailable } from '../../ports/unavailable.ts';
import type { ModerationConversation } from '../../ports/moderator.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError, isAppError } from '../errors.ts';
import { findModel, isModelOnPlan, NOT_CONFIGURED_REASON } from '../models/catalog.ts';
import { assertCanPay, chargeCredits } from '../credits/charge.ts';
import { toMillicredits } from '../credits/units.ts';
import { recordEvent } from '../events/record-event.ts';
import { rankPassages, type Passage } from '../search/rank-passages.ts';
import { buildPrompt, promptTokens, replyTokens } from './build-prompt.ts';
import { checkToolResults, settleToolResults, type ToolResult } from './tool-results.ts';
import { toPublicToolCall, type PublicToolCall } from './message-view.ts';
import { toCitations, type Citation } from './citations.ts';
import { recordQuestion } from '../insights/record-question.ts';
import { HANDED_OVER_NOTICE, holdForPeople, peopleNotice } from '../handoff/hold-for-people.ts';
import { handoffReason, offeredTools, takeHandoffCall } from '../handoff/handoff-tool.ts';
import { handOverIn } from '../handoff/request-handoff.ts';
import { wantsPerson } from '../handoff/wants-person.ts';
import { helpParagraph } from './help-message.ts';

/** Passages retrieved to ground one reply. */
export const GROUNDING_PASSAGES = 5;
/** Sentences a quoting model is given from each passage. */
const EXCERPT_SENTENCES = 2;
/** Stored messages read back for the prompt; the token budget usually keeps fewer. */
const HISTORY_MESSAGES = 40;
const TITLE_LENGTH = 80;
/** The user's earlier messages the moderator judges a new one with. */
const MODERATED_TURNS = 3;

export interface ChatInput {
  message?: string;
  /** The end user's persistent conversation; when present, conversationId is ignored. */
  userId?: string;
  conversationId?: string;
  toolResults?: ToolResult[];
  /** A stateless caller's own transcript (the OpenAI-compatible door), oldest first: it replaces the
   * stored history, its tool calls carry their outputs, and the reply starts a new conversation. */
  transcript?: MessageRecord[];
  /** Tools the caller defines for this reply only, in place of the agent's client tools. */
  tools?: ClientTool[];
  /** Asks for the reply's citations (the passages that grounded it). */
  citations?: boolean;
}

/** Hears the reply as it is made (the SSE stream); a JSON reply needs none of it. */
export interface ChatListener {
  /** Once, before the first part of the reply: the ids it will be stored under, and `handoff` when
   * the conversation is with people (the reply is then a notice, not the model's). */
  onStart?(ids: { conversationId: string; messageId: string; handoff?: ChatHandoff }): void;
  onContent?(text: string): void;
  onToolCalls?(calls: PublicToolCall[]): void;
}

/** Told with a reply the model did not write: the conversation is with people, who answer it. */
export interface ChatHandoff {
  state: 'people';
}

export interface ChatReply {
  conversationId: string;
  messageId: string;
  userId: string | null;
  content: string;
  toolCalls: PublicToolCall[];
  finishReason: FinishReason;
  credits: number;
  /** The prompt the model was given and the reply, in tokens as the prompt's budget counts them
   * (gpt-tokenizer): the OpenAI-compatible door's `usage`. */
  tokens: { prompt: number; completion: number };
  /** Only when the input asked for them. */
  citations?: Citation[];
  /** Only when the conversation is with people: the message was stored for them and the model not
   * called, or the model handed the conversation over with its built-in tool. */
  handoff?: ChatHandoff;
}

interface Attempt {
  agent?: AgentRecord;
  conversationId: string | null;
}

/** What a chat reads and writes. */
export type ChatDeps = Pick<
  DomainDeps,
  'clock' | 'ids' | 'catalog' | 'chatModels' | 'moderator' | 'embedder' | 'passageIndex'
> & {
  store: Pick<
    Store,
    'accounts' | 'agents' | 'chunks' | 'conversations' | 'keys' | 'messages' | 'sources' | 'toolCalls' | 'transaction'
  >;
};

export async function sendChat(
  deps: ChatDeps,
  ctx: RequestContext,
  agentId: string,
  input: ChatInput,
  options: { signal: AbortSignal; listener?: ChatListener },
): Promise<ChatReply> {
  const attempt: Attempt = { conversationId: null };
  try {
    return await answer(deps, ctx, agentId, input, options, attempt);
  } catch (error) {
    // A client that went away (CLIENT_DISCONNECTED) or a server shutting down (SERVICE_UNAVAILABLE,
    // which the client may send again elsewhere) ends the request with the signal's reason,
    // whatever the model call threw when it was cut.
    const reason: unknown = options.signal.aborted ? options.signal.reason : undefined;
    const failure = isAppError(reason) || isServiceUnavailable(reason) ? reason : asChatFailure(error);
    if (attempt.agent)
      await recordChatFailed(deps, ctx, attempt.agent, attempt.conversationId, input.userId ?? null, failure);
    throw failure;
  }
}

async function answer(
  deps: ChatDeps,
  ctx: RequestContext,
  agentId: string,
  input: ChatInput,
  options: { signal: AbortSignal; listener?: ChatListener },
  attempt: Attempt,
): Promise<ChatReply> {
  const { signal, listener = {} } = options;
  const agent = await getAgent(deps, ctx, agentId);
  attempt.agent = agent;
  const model = deps.chatModels.get(agent.model);
  const entry = findModel(deps.catalog, agent.model);
  const limits = deps.chatModels.limits(agent.model);
  if (!entry || !isModelOnPlan(deps.catalog, ctx.plan, agent.model))
    throw new AppError(
      'MODEL_NOT_AVAILABLE',
      `The agent's model "${agent.model}" is not available on the ${ctx.plan} plan.`,
    );
  if (!model || !limits)
    throw new AppError('MODEL_NOT_AVAILABLE', `The agent's model "${agent.model}" is ${NOT_CONFIGURED_REASON}.`);

  const existing = input.transcript ? undefined : await existingConversation(deps, ctx, agent, input);
  attempt.conversationId = existing?.id ?? null;
  const toolOutputs = await checkToolResults(deps.store, ctx.accountId, existing, input.toolResults ?? []);
  const message = input.message ?? null;
  // With people, or asking for them (when the agent hands over by itself): nothing is charged.
  const handOver =
    existing?.state !== 'people' &&
    agent.handoffEnabled &&
    !input.transcript &&
    message !== null &&
    wantsPerson(message);
  const forPeople = existing?.state === 'people' || handOver;
  if (!forPeople) await assertCanPay(deps, ctx, entry.credits);
  // A caller's own transcript replaces the stored history (and its user turns are screened here).
  const stored =
    !input.transcript && existing
      ? await deps.store.messages.recent(ctx.accountId, existing.id, HISTORY_MESSAGES)
      : null;
  const screened = textToModerate(input);
  // Despair, or asking how to help someone at risk, is answered, and the reply carries the help message.
  const care =
    screened !== null &&
    (await moderate(deps, screened, signal, moderationContext(ctx, agent, input, existing, stored ?? [])));

  const conversation = existing ?? (await startConversation(deps, ctx, agent, input.userId ?? null));
  attempt.conversationId = conversation.id;
  if (forPeople) return heldReply(deps, ctx, agent, conversation, { message, toolOutputs, handOver, signal, listener });
  const history =
    input.transcript ?? stored ?? (await deps.store.messages.recent(ctx.accountId, conversation.id, HISTORY_MESSAGES));
  const query = message ?? [...history].reverse().find((m) => m.role === 'user')?.content ?? null;
  const passages = query
    ? await rankPassages(deps, agent, query, GROUNDING_PASSAGES, {
        signal,
        excerptSentences: model.quotesExcerpts ? EXCERPT_SENTENCES : 0,
      })
    : [];
  const grounding = passages.map((p) => ({
    content: p.content,
    title: p.source.title,
    score: p.score,
    ...(p.excerpt !== undefined && { excerpt: p.excerpt }),
  }));
  const prompt = buildPrompt({
    instructions: agent.instructions,
    passages: grounding,
    history,
    toolResults: toolOutputs,
    message,
    ...limits,
  });

  const messageId = deps.ids.next('msg');
  let content = '';
  let calls: ModelToolCall[] = [];
  let pendingCalls: PublicToolCall[] = [];
  let finishReason: FinishReason = 'stop';
  let started = false;
  const start = () => {
    if (!started) listener.onStart?.({ conversationId: conversation.id, messageId });
    started = true;
  };
  // The built-in handover is offered with the client's tools (never to a caller's own transcript).
  const tools = offeredTools(agent.handoffEnabled && !input.transcript, input.tools ?? agent.tools);
  let handoffCall: ModelToolCall | null = null;
  for await (const event of model.stream({
    messages: prompt,
    tools,
    passages: grounding,
    maxTokens: limits.maxTokens,
    signal,
  })) {
    start();
    if (event.type === 'content') {
      content += event.text;
      listener.onContent?.(event.text);
    } else if (event.type === 'tool_calls') {
      const { handoff, client } = takeHandoffCall(event.calls, tools);
      handoffCall ??= handoff;
      const pending = client.map((call) => toPublicToolCall({ ...call, status: 'pending' }));
      calls = [...calls, ...client];
      pendingCalls = [...pendingCalls, ...pending];
      if (pending.length > 0) listener.onToolCalls?.(pending);
    } else {
      finishReason = calls.length > 0 ? 'tool_calls' : handoffCall ? 'stop' : event.reason;
    }
  }
  signal.throwIfAborted();
  start();
  // The model handed over: the visitor is told so, when the model said nothing itself.
  if (handoffCall && content === '' && calls.length === 0) {
    content = peopleNotice(HANDED_OVER_NOTICE, agent, deps.clock.now());
    listener.onContent?.(content);
  }
  if (care) {
    // After the model's words, as one more part of the stream: the reply keeps its shape.
    const help = helpParagraph(agent, content);
    content += help;
    listener.onContent?.(help);
  }
  // Before the charge: a reply that is charged is a reply that is told.
  const citations = input.citations ? await toCitations(deps, ctx, agent.id, passages) : undefined;

  const at = deps.clock.now();
  const credits = entry.credits;
  const userMessage: NewMessage[] =
    message === null
      ? []
      : [
          {
            id: deps.ids.next('msg'),
            role: 'user',
            content: message,
            finishReason: null,
            credits: 0,
            toolCalls: [],
            createdAt: at,
          },
        ];
  const reply: NewMessage = {
    id: messageId,
    role: 'assistant',
    content: content === '' && calls.length > 0 ? null : content,
    finishReason,
    credits: toMillicredits(credits),
    toolCalls: calls,
    createdAt: at,
    sources: sourcesOf(passages),
  };
  await deps.store.transaction(async (tx) => {
    if (!(await tx.conversations.get(ctx.accountId, agent.id, conversation.id)))
      throw new AppError('CONVERSATION_NOT_FOUND', 'The conversation was deleted while the reply was being made.');
    await settleToolResults(tx, ctx.accountId, conversation.id, toolOutputs, at);
    await chargeCredits(tx, deps, ctx, { credits, agentId: agent.id, description: 'chat' });
    await tx.conversations.appendMessages(
      ctx.accountId,
      conversation.id,
      [...userMessage, reply],
      at,
      message === null ? null : titleOf(message),
    );
    if (handoffCall)
      await handOverIn(tx, deps, ctx, agent.id, conversation.id, {
        reason: handoffReason(handoffCall),
        requestedBy: 'agent',
        at,
      });
    // The insights' record of what was asked and whether grounding found anything for it.
    const asked = userMessage[0];
    if (message !== null && asked)
      await recordQuestion(tx, deps, {
        accountId: ctx.accountId,
        agentId: agent.id,
        origin: 'chat',
        text: message,
        conversationId: conversation.id,
        messageId: asked.id,
        bestScore: passages[0]?.score ?? null,
      });
    if (ctx.key)
      await recordEvent(
        tx,
        deps,
        ctx.accountId,
        'chat.completed',
        chatEventData(agent, conversation.id, input.userId ?? null, credits, ctx.key.name),
      );
    // Last, after any wait for a connection or a lock: a busy server may reach this long after the
    // client gave up; then nothing is charged or stored, and chat.failed says why.
    signal.throwIfAborted();
  });
  return {
    conversationId: conversation.id,
    messageId,
    userId: conversation.userId,
    content,
    toolCalls: pendingCalls,
    finishReason,
    credits,
    tokens: { prompt: promptTokens(prompt), completion: replyTokens(content, calls) },
    ...(citations && { citations }),
    ...(handoffCall && { handoff: { state: 'people' as const } }),
  };
}

/** The distinct sources of the passages the model was given, best first (the inbox shows them). */
function sourcesOf(passages: readonly Passage[]): MessageSource[] {
  const seen = new Map<string, MessageSource>();
  for (const { source } of passages)
    if (!seen.has(source.id)) seen.set(source.id, { sourceId: source.id, type: source.type, title: source.title });
  return [...seen.values()];
}

/** The message kept for the people: the reply is a notice, in the model's reply shape. */
async function heldReply(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  conversation: ConversationRecord,
  options: {
    message: string | null;
    toolOutputs: Map<string, string>;
    handOver: boolean;
    signal: AbortSignal;
    listener: ChatListener;
  },
): Promise<ChatReply> {
  const { message, listener } = options;
  const held = await holdForPeople(deps, ctx, agent, conversation, {
    ...options,
    title: message === null ? null : titleOf(message),
  });
  const handoff: ChatHandoff = { state: 'people' };
  listener.onStart?.({ conversationId: conversation.id, messageId: held.messageId, handoff });
  listener.onContent?.(held.notice);
  return {
    conversationId: conversation.id,
    messageId: held.messageId,
    userId: conversation.userId,
    content: held.notice,
    toolCalls: [],
    finishReason: 'stop',
    credits: 0,
    tokens: { prompt: 0, completion: 0 },
    handoff,
  };
}

/** With userId, that end user's conversation (none yet is fine: it starts now); with only a
 * conversationId, that conversation (404 if this agent has none such); with neither, a new one. */
async function existingConversation(
  deps: { store: Pick<Store, 'conversations'> },
  ctx: RequestContext,
  agent: AgentRecord,
  input: ChatInput,
): Promise<ConversationRecord | undefined> {
  if (input.userId !== undefined) return deps.store.conversations.findByUser(ctx.accountId, agent.id, input.userId);
  if (input.conversationId === undefined) return undefined;
  const conversation = await deps.store.conversations.get(ctx.accountId, agent.id, input.conversationId);
  if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  return conversation;
}

/** Created just before the model is called, so the stream's first frame names a conversation the
 * client can continue even if this reply then fails. */
function startConversation(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'conversations'> },
  ctx: RequestContext,
  agent: AgentRecord,
  userId: string | null,
): Promise<ConversationRecord> {
  const at = deps.clock.now();
  return deps.store.conversations.insertOrGet({
    id: deps.ids.next('conv'),
    accountId: ctx.accountId,
    agentId: agent.id,
    userId,
    title: null,
    createdAt: at,
    updatedAt: at,
  });
}

/** The new message; with a caller's own transcript, its user turns too (the model reads them all,
 * and none of them was checked when it was first sent). */
function textToModerate(input: ChatInput): string | null {
  const earlier = (input.transcript ?? [])
    .filter((turn) => turn.role === 'user' && turn.content)
    .map((turn) => turn.content as string);
  const texts = input.message === undefined ? earlier : [...earlier, input.message];
  return texts.length > 0 ? texts.join('\n\n') : null;
}

/** The conversation as the moderator sees it: the user's last few messages, and a name that stays
 * the same across requests (an end user's, or the conversation's), under which it may remember
 * what it refused there. */
function moderationContext(
  ctx: RequestContext,
  agent: AgentRecord,
  input: ChatInput,
  existing: ConversationRecord | undefined,
  history: readonly { role: string; content: string | null }[],
): ModerationConversation {
  const earlier = history
    .filter((m) => m.role === 'user' && m.content !== null)
    .map((m) => m.content as string)
    .slice(-MODERATED_TURNS);
  const thread =
    input.userId !== undefined
      ? `${ctx.accountId}/${agent.id}/user/${input.userId}`
      : existing
        ? `${ctx.accountId}/${existing.id}`
        : null;
  return { thread, earlier };
}

async function moderate(
  deps: Pick<DomainDeps, 'moderator'>,
  message: string,
  signal: AbortSignal,
  conversation: ModerationConversation,
): Promise<boolean> {
  let verdict;
  try {
    verdict = await deps.moderator.check(message, signal, conversation);
  } catch (error) {
    // Any failure of the moderator fails closed (ModerationUnavailableError or not).
    if (signal.aborted) throw error;
    throw new AppError(
      'MODERATION_UNAVAILABLE',
      'The message could not be checked for harmful content, so it was not sent to the model. Nothing was charged; try again.',
      { usage: { credits: 0 } },
    );
  }
  if (verdict.flagged) {
    throw new AppError(
      'CONTENT_BLOCKED',
      `The message was refused as harmful (${verdict.categories.join(', ')}). Nothing was charged.`,
      { output: { categories: verdict.categories }, usage: { credits: 0 } },
    );
  }
  return verdict.care === true;
}

function titleOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1)}…`;
}

/** SPEC §6's fields of chat.completed and chat.failed: the key's name, never the key. */
function chatEventData(
  agent: AgentRecord,
  conversationId: string | null,
  userId: string | null,
  credits: number,
  keyName: string,
): Record<string, unknown> {
  return { agent: { id: agent.id }, conversationId, userId, credits, apiKey: keyName };
}

/** What the caller is told: the model's own failure becomes 500 UNKNOWN_ERROR with the refund
 * (nothing was taken) stated; an abort stays an abort. */
function asChatFailure(error: unknown): unknown {
  if (error instanceof ChatModelError) {
    const failure = new AppError(
      'UNKNOWN_ERROR',
      `The model could not answer (${error.failure}${error.status ? `, status ${error.status}` : ''}). Nothing was charged.`,
      { usage: { credits: 0 } },
    );
    return Object.assign(failure, { cause: error }); // logged with the 500
  }
  return error;
}

async function recordChatFailed(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  conversationId: string | null,
  userId: string | null,
  failure: unknown,
): Promise<void> {
  if (!ctx.key) return;
  const code = isAppError(failure)
    ? failure.code
    : isServiceUnavailable(failure)
      ? 'SERVICE_UNAVAILABLE'
      : 'UNKNOWN_ERROR';
  const data = { ...chatEventData(agent, conversationId, userId, 0, ctx.key.name), error: { code } };
  // Best effort: failing to record the failure must not hide the failure itself.
  await deps.store
    .transaction((tx) => recordEvent(tx, deps, ctx.accountId, 'chat.failed', data))
    .catch(() => undefined);
}
