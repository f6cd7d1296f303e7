// The prompt a model receives: the agent's instructions and the retrieved passages as the system
// message, then as much of the conversation as fits the model's context, then the new turn.
import { countTokens } from 'gpt-tokenizer';
import type { GroundingPassage, PromptMessage } from '../../ports/chat-model.ts';
import type { MessageRecord } from '../../ports/conversation-store.ts';

/** Said to the model in place of a canceled call's result: a tool message must answer every call. */
export const CANCELED_TOOL_OUTPUT = 'The user canceled this tool call; it was not run.';

/** Chat formats spend a few tokens per message on roles and separators. */
const MESSAGE_OVERHEAD = 4;
/** The passages may take at most this share of the prompt budget; the rest is for the conversation. */
const PASSAGE_SHARE = 0.5;
/** One tool result may take at most this share of the budget (a client may return a huge output). */
const TOOL_OUTPUT_SHARE = 0.25;

export interface PromptInput {
  instructions: string;
  passages: GroundingPassage[];
  /** The conversation so far, oldest first. */
  history: MessageRecord[];
  /** Outputs this request brings for calls that were pending, by call id. */
  toolResults: ReadonlyMap<string, string>;
  /** The new user message; null when the request only brings tool results. */
  message: string | null;
  contextTokens: number;
  maxTokens: number;
}

const tokens = (text: string): number => countTokens(text) + MESSAGE_OVERHEAD;

function knowledgeBlock(passages: GroundingPassage[], budget: number): string {
  if (passages.length === 0) return 'The knowledge base has no passage that matches the latest message.';
  const parts: string[] = [];
  let used = 0;
  for (const [index, passage] of passages.entries()) {
    const part = `[${index + 1}] ${passage.title}\n${passage.content}`;
    const cost = countTokens(part);
    if (used + cost > budget) break;
    parts.push(part);
    used += cost;
  }
  return parts.length > 0
    ? `Knowledge base passages:\n\n${parts.join('\n\n')}`
    : 'The knowledge base passages were too long to include.';
}

export function systemPrompt(instructions: string, passages: GroundingPassage[], passageBudget: number): string {
  const rules =
    'Answer from the knowledge base passages below when they are relevant. If they do not cover the question, say so instead of guessing. ' +
    'Call a tool only when the user needs what it does.';
  return [instructions.trim(), rules, knowledgeBlock(passages, passageBudget)]
    .filter((part) => part.length > 0)
    .join('\n\n');
}

/** Shortens text to about `budget` tokens, saying that it did. */
function clip(text: string, budget: number): string {
  if (countTokens(text) <= budget) return text;
  const ratio = budget / countTokens(text);
  return `${text.slice(0, Math.max(0, Math.floor(text.length * ratio) - 40))}\n[… shortened to fit the model's context]`;
}

/** One stored message as the model sees it: an assistant message with tool calls is followed by
 * one tool message per call (its output, the output this request brings, or the canceled note). */
function turnOf(
  message: MessageRecord,
  toolResults: ReadonlyMap<string, string>,
  outputBudget: number,
): PromptMessage[] {
  if (message.role === 'user') return [{ role: 'user', content: message.content ?? '' }];
  const calls = message.toolCalls;
  const turn: PromptMessage[] = [
    {
      role: 'assistant',
      content: message.content,
      toolCalls: calls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
    },
  ];
  for (const call of calls) {
    const output =
      call.status === 'completed'
        ? call.output
        : call.status === 'canceled'
          ? CANCELED_TOOL_OUTPUT
          : toolResults.get(call.id);
    turn.push({ role: 'tool', toolCallId: call.id, content: clip(output ?? CANCELED_TOOL_OUTPUT, outputBudget) });
  }
  return turn;
}

function turnTokens(turn: PromptMessage[]): number {
  return turn.reduce((sum, message) => {
    if (message.role === 'assistant')
      return (
        sum +
        tokens(message.content ?? '') +
        message.toolCalls.reduce((s, c) => s + countTokens(c.name) + countTokens(c.arguments), 0)
      );
    return sum + tokens(message.content);
  }, 0);
}

/** The prompt's size as the budget counts it (the tokens a client is told it used). */
export function promptTokens(messages: PromptMessage[]): number {
  return turnTokens(messages);
}

/** The reply's size, text and tool calls, counted the same way. */
export function replyTokens(content: string, calls: readonly { name: string; arguments: string }[]): number {
  return (
    countTokens(content) + calls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0)
  );
}

/**
 * Builds the prompt within `contextTokens - maxTokens`: the system message first (the passages
 * limited to half the budget), the new user message always, and then the history from the newest
 * turn back for as long as whole turns fit (a tool call never loses its result; the turn whose
 * calls this request answers is always kept).
 */
export function buildPrompt(input: PromptInput): PromptMessage[] {
  const budget = Math.max(256, input.contextTokens - input.maxTokens);
  const system: PromptMessage = {
    role: 'system',
    content: systemPrompt(
      clip(input.instructions, Math.floor(budget * 0.25)),
      input.passages,
      Math.floor(budget * PASSAGE_SHARE),
    ),
  };
  const tail: PromptMessage[] =
    input.message === null ? [] : [{ role: 'user', content: clip(input.message, Math.floor(budget * 0.25)) }];
  let left = budget - tokens(system.content) - turnTokens(tail);
  const outputBudget = Math.floor(budget * TOOL_OUTPUT_SHARE);
  const kept: PromptMessage[][] = [];
  for (let index = input.history.length - 1; index >= 0; index -= 1) {
    const turn = turnOf(input.history[index] as MessageRecord, input.toolResults, outputBudget);
    const cost = turnTokens(turn);
    // The turn whose pending calls this request answers is the one the model must continue.
    const answersPending = turn.some((message) => message.role === 'tool' && input.toolResults.has(message.toolCallId));
    if (cost > left && !answersPending) break;
    kept.unshift(turn);
    left -= cost;
  }
  // A history that starts with an assistant turn is fine for every Chat Completions server we know;
  // one that starts with a tool message is not, and turnOf never produces that.
  return [system, ...kept.flat(), ...tail];
}
