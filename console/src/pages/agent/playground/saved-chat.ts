// The playground's transcript in sessionStorage, so a reload keeps the conversation and a tool
// call still waiting for its result. sessionStorage: one browser tab's, gone with it,
// never shared with another tab or person on the machine.
import { ApiError } from '../../../api/client.ts';
import { interruptedStreamsStopped, type ChatLog, type Entry } from './chat-log.ts';

const PREFIX = 'colloquy.playground.';

interface SavedError {
  status: number;
  code: string;
  message: string;
  list?: Record<string, string[]>;
}

function toSaved(error: unknown): SavedError {
  if (error instanceof ApiError)
    return { status: error.status, code: error.code, message: error.message, ...(error.list && { list: error.list }) };
  return { status: 0, code: 'UNKNOWN_ERROR', message: error instanceof Error ? error.message : String(error) };
}

export function saveChat(key: string, log: ChatLog): void {
  try {
    if (log.entries.length === 0) return sessionStorage.removeItem(PREFIX + key);
    const entries = log.entries.map((entry) =>
      entry.kind === 'assistant' && entry.error !== undefined ? { ...entry, error: toSaved(entry.error) } : entry,
    );
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ ...log, entries }));
  } catch {
    // Storage full or disabled: the chat still works, it just does not outlive a reload.
  }
}

export function loadChat(key: string): ChatLog | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    if (!text) return undefined;
    const saved = JSON.parse(text) as ChatLog;
    const entries = saved.entries.map((entry): Entry => {
      if (entry.kind !== 'assistant' || entry.error === undefined) return entry;
      const error = entry.error as SavedError;
      return { ...entry, error: new ApiError(error.status, error.code, error.message, error.list) };
    });
    // A reply that was streaming when the page went away was never stored.
    return interruptedStreamsStopped({ ...saved, entries });
  } catch {
    return undefined;
  }
}
