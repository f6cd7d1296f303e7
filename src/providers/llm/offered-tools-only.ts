// A model may call tools it was never offered (some OpenAI-compatible servers do, with tools from
// their own chat template). Such a call could never be answered: the MCP door, the widget and an
// agent without tools have no client to run it, so stored as pending it would block the conversation
// (409 PENDING_TOOL_CALLS) for good. It is dropped here, for every provider, and logged.
import type { ChatModel, ChatModelEvent } from '../../ports/chat-model.ts';

export type ChatModelLog = (message: string) => void;

/** The model, yielding only calls of the tools its request offered; a `tool_calls` finish with none
 * left becomes `stop` (the reply is then the model's text). */
export function offeredToolsOnly(model: ChatModel, modelId: string, log: ChatModelLog): ChatModel {
  return {
    ...(model.quotesExcerpts !== undefined && { quotesExcerpts: model.quotesExcerpts }),
    async *stream(request) {
      const offered = new Set(request.tools.map((tool) => tool.name));
      let kept = 0;
      for await (const event of model.stream(request)) {
        if (event.type === 'tool_calls') {
          const calls = event.calls.filter((call) => offered.has(call.name));
          const dropped = event.calls.filter((call) => !offered.has(call.name)).map((call) => call.name);
          if (dropped.length > 0)
            log(
              `model ${modelId} called tools it was not offered (${dropped.join(', ')}); the calls were dropped and the reply is its text`,
            );
          kept += calls.length;
          if (calls.length > 0) yield { type: 'tool_calls', calls } satisfies ChatModelEvent;
        } else if (event.type === 'finish' && event.reason === 'tool_calls' && kept === 0) {
          yield { type: 'finish', reason: 'stop' } satisfies ChatModelEvent;
        } else {
          yield event;
        }
      }
    },
  };
}
