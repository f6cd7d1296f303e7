// The built-in offline model `colloquy-extractive`: it answers by quoting the agent's knowledge,
// streamed like any model, so a fresh server can chat with no key and no weights.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { countTokens } from 'gpt-tokenizer';
import type { ChatModel, ChatModelRequest, PromptMessage } from '../../ports/chat-model.ts';
import { composeExtractiveAnswer } from './extractive-answer.ts';

/** Words per content event. */
const WORDS_PER_EVENT = 4;

export function createExtractiveChatModel(): ChatModel {
  return {
    quotesExcerpts: true,
    async *stream(request: ChatModelRequest) {
      request.signal.throwIfAborted();
      // It never calls tools, so a tool result last only means the catalog changed mid-conversation:
      // the passages were still retrieved for the latest user message, and it answers from them.
      const answer = composeExtractiveAnswer(latestQuestion(request.messages), request.passages);
      let tokens = 0;
      for (const text of wordGroups(answer, WORDS_PER_EVENT)) {
        // A turn of the event loop between events lets an abort (the client leaving) arrive.
        await nextTurn();
        request.signal.throwIfAborted();
        // Like a generative model, it stops at the prompt's token budget and says why.
        tokens += countTokens(text);
        if (tokens > request.maxTokens) {
          yield { type: 'finish', reason: 'length' };
          return;
        }
        yield { type: 'content', text };
      }
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

function latestQuestion(messages: PromptMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role === 'user') return message.content;
  }
  return '';
}

/** The text in groups of `size` words, each with the whitespace after it, so they join back exactly. */
function wordGroups(text: string, size: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const groups: string[] = [];
  for (let start = 0; start < words.length; start += size) groups.push(words.slice(start, start + size).join(''));
  return groups;
}
