// POST /agents/{id}/chat, as domain steps: every check that can refuse the request runs before any
// work (SPEC §4: errors before streaming are ordinary JSON errors); the reply, the tool results it
// answers and its charge are stored in one transaction, so a failed request is never charged.
import type { RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { MessageSource, NewMessage } from '../../ports/conversation-store.ts';
import type { FinishReason, ModelToolCall } from '../../ports/chat-model.ts';
import { isServiceUnavailable } from '../../ports/unavailable.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError, isAppError } from '../errors.ts';
import { findModel, isModelOnPlan, NOT_CONFIGURED_REASON } from '../models/catalog.ts';
import { assertCanPay, chargeCredits } from '../credits/charge.ts';
import { toMillicredits } from '../credits/units.ts';
import { recordEvent } from '../events/record-event.ts';
import { rankPassages, type Passage } from '../search/rank-passages.ts';
import { buildPrompt, promptTokens, replyTokens } from './build-prompt.ts';
import { checkToolResults, settleToolResults } from './tool-results.ts';
import { toPublicToolCall, type PublicToolCall } from './message-view.ts';
import { toCitations } from './citations.ts';
import { recordQuestion } from '../insights/record-question.ts';
import { HANDED_OVER_NOTICE, peopleNotice } from '../handoff/hold-for-people.ts';
import { handoffReason, offeredTools, takeHandoffCall } from '../handoff/handoff-tool.ts';
import { handOverIn } from '../handoff/request-handoff.ts';
import { wantsPerson } from '../handoff/wants-person.ts';
import { helpParagraph } from './help-message.ts';
import type { ChatDeps, ChatInput, ChatListener, ChatReply } from './chat-types.ts';
import { moderate, moderationContext, textToModerate } from './chat-moderation.ts';
import { existingConversation, heldReply, startConversation, titleOf } from './chat-conversation.ts';
import { asChatFailure, chatEventData, recordChatFailed } from './chat-failures.ts';

/** Passages retrieved to ground one reply. */
export const GROUNDING_PASSAGES = 5;
/** Sentences a quoting model is given from each passage. */
const EXCERPT_SENTENCES = 2;
/** Stored messages read back for the prompt; the token budget usually keeps fewer. */
const HISTORY_MESSAGES = 40;

interface Attempt {
  agent?: AgentRecord;
  conversationId: string | null;
}

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
  // A model the operator took out of the catalog is no plan's to offer: say which it is.
  if (!entry)
    throw new AppError(
      'MODEL_NOT_AVAILABLE',
      `The agent's model "${agent.model}" is no longer offered on this server.`,
    );
  if (!isModelOnPlan(deps.catalog, ctx.plan, agent.model))
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
  if (forPeople) {
    const userId = input.userId ?? null;
    const citations = input.citations === true;
    return heldReply(deps, ctx, agent, conversation, {
      message,
      userId,
      toolOutputs,
      handOver,
      citations,
      signal,
      listener,
    });
  }
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
