// The feed where nothing announces changes (SQLite: one database file, read cheaply): followers
// read the store again every `pollMs`.
import type { ConversationFeed } from '../ports/conversation-feed.ts';

export function createPollingConversationFeed(pollMs: number): ConversationFeed {
  return {
    pollMs,
    arm(_conversationId, maxMs, signal) {
      let disarm = () => {};
      const wait = new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', abort);
        };
        const wake = () => {
          done();
          resolve();
        };
        const abort = () => {
          done();
          reject(signal.reason);
        };
        const timer = setTimeout(wake, maxMs);
        signal.addEventListener('abort', abort, { once: true });
        disarm = wake;
      });
      return { wait, disarm: () => disarm() };
    },
    close: async () => {},
  };
}
