// The built-in tool a generative model is offered when the agent's handoff setting is on: calling
// it hands the conversation to the account's people. Colloquy runs it itself, so it is never a
// pending tool call for the API client; the agent's instructions say when to use it.
import type { ClientTool } from '../../ports/agent-store.ts';
import type { ModelToolCall } from '../../ports/chat-model.ts';

export const HANDOFF_TOOL_NAME = 'handoff_to_person';
const REASON_MAX = 500;

export const HANDOFF_TOOL: ClientTool = {
  name: HANDOFF_TOOL_NAME,
  description:
    'Hands this conversation to a person of the support team, who will answer here. Call it when the user asks for a person, or when your instructions say a person should take over; do not call it otherwise.',
  parameters: {
    type: 'object',
    properties: { reason: { type: 'string', description: 'Why a person should take over, in one sentence.' } },
  },
};

/** The tools the model is offered: the client's, and the built-in one when the agent hands over
 * (unless a client tool already has its name: the client's then wins). */
export function offeredTools(handoffEnabled: boolean, tools: ClientTool[]): ClientTool[] {
  if (!handoffEnabled || tools.some((tool) => tool.name === HANDOFF_TOOL_NAME)) return tools;
  return [...tools, HANDOFF_TOOL];
}

/** The model's calls split into the built-in handover (the first, if any) and the client's calls. */
export function takeHandoffCall(
  calls: ModelToolCall[],
  offered: ClientTool[],
): { handoff: ModelToolCall | null; client: ModelToolCall[] } {
  if (!offered.includes(HANDOFF_TOOL)) return { handoff: null, client: calls };
  const handoff = calls.find((call) => call.name === HANDOFF_TOOL_NAME) ?? null;
  return { handoff, client: calls.filter((call) => call.name !== HANDOFF_TOOL_NAME) };
}

/** The reason the model gave, when its arguments are JSON with a string `reason`. */
export function handoffReason(call: ModelToolCall): string | null {
  try {
    const reason = (JSON.parse(call.arguments) as { reason?: unknown }).reason;
    return typeof reason === 'string' && reason.trim() ? reason.trim().slice(0, REASON_MAX) : null;
  } catch {
    return null;
  }
}
