// The change feed of cached key lookups on PostgreSQL: one connection per process LISTENs on the
// channel the 0012 triggers NOTIFY. When that connection drops, the cache is emptied and bypassed
// until it is back (notifications sent meanwhile are lost).
import pg from 'pg';
import type { KeyChange, KeyChangeFeed } from '../cached-key-lookup.ts';

/** The channel migration 0012's triggers notify. */
const KEY_CHANGE_CHANNEL = 'colloquy_key_changes';
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export async function listenForKeyChanges(databaseUrl: string): Promise<KeyChangeFeed> {
  const listeners: Array<(change: KeyChange) => void> = [];
  const emit = (change: KeyChange) => listeners.forEach((listener) => listener(change));
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (): void => {
    if (live) emit({ kind: 'all' });
    live = false;
    client?.removeAllListeners('end');
    client?.end().catch(() => {});
    client = null;
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client = next;
    // Without a listener a dropped connection would end the process.
    next.on('error', () => client === next && lost());
    next.on('end', () => client === next && lost());
    next.on('notification', (message) => {
      const [kind, id] = (message.payload ?? '').split(':', 2);
      if ((kind === 'key' || kind === 'account') && id) emit({ kind, id });
      else emit({ kind: 'all' });
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${KEY_CHANGE_CHANNEL}`);
      if (closed) return void (await next.end());
      // Anything may have changed while no one listened.
      emit({ kind: 'all' });
      live = true;
      retryMs = FIRST_RETRY_MS;
    } catch {
      if (client === next) lost();
    }
  }

  await connect();
  return {
    get live() {
      return live;
    },
    onChange: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      live = false;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
