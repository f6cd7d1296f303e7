// The conversation feed on PostgreSQL: one connection per process LISTENs (from the first follower
// on) on the channel the 0016 triggers NOTIFY, and wakes the followers of the announced conversation.
// While the connection is down, followers fall back to reading the store every `pollMs`.
import pg from 'pg';
import type { ConversationFeed } from '../../ports/conversation-feed.ts';
import { createPollingConversationFeed } from '../polling-conversation-feed.ts';

/** The channel migration 0016's triggers notify. */
const CONVERSATION_CHANNEL = 'colloquy_conversations';
const RECONNECT_MS = 1_000;

export function createPostgresConversationFeed(databaseUrl: string, pollMs: number): ConversationFeed {
  const timers = createPollingConversationFeed(pollMs);
  const armed = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const announce = (id: string) => [...(armed.get(id) ?? [])].forEach((wake) => wake());

  function listen(): void {
    if (closed || connecting || client) return;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client === next) client = null;
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (closed) return;
      // Changes announced meanwhile are lost: wake everyone to read the store.
      for (const id of armed.keys()) announce(id);
      setTimeout(() => armed.size > 0 && listen(), RECONNECT_MS).unref();
    };
    next.on('notification', (message) => message.payload && announce(message.payload));
    // Without a listener a dropped connection would end the process.
    next.on('error', lost);
    next.on('end', lost);
    connecting = next
      .connect()
      .then(() => next.query(`LISTEN ${CONVERSATION_CHANNEL}`))
      .then(() => {
        if (closed) return void next.end().catch(() => {});
        client = next;
        // A change committed while the connection was being made was announced to no one: the
        // followers armed meanwhile read the store once more now that nothing can slip by.
        for (const id of armed.keys()) announce(id);
      })
      .catch(lost)
      .finally(() => {
        connecting = null;
      });
  }

  return {
    pollMs,
    arm(conversationId, maxMs, signal) {
      listen();
      const timer = timers.arm(conversationId, maxMs, signal);
      const set = armed.get(conversationId) ?? new Set();
      armed.set(conversationId, set);
      const wake = () => timer.disarm();
      set.add(wake);
      const forget = () => {
        set.delete(wake);
        if (set.size === 0) armed.delete(conversationId);
      };
      return { wait: timer.wait.finally(forget), disarm: wake };
    },
    async close() {
      closed = true;
      await connecting;
      await client?.end().catch(() => {});
    },
  };
}
