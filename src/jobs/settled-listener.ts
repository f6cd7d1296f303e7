// LISTEN on the channel settled jobs are announced on. A waiter learns its job ended the moment
// the settling transaction commits, on whichever node ran it; the connection can drop (database
// restart) and notifications sent meanwhile are lost, so every wait is also bounded by a short
// poll of the job's row: NOTIFY for latency, the row for truth.
import pg from 'pg';

export interface SettledListener {
  /** Resolves when `id` is announced, after `maxMs`, or at once when `signal` fires. Arm before
   * reading the row, so an announcement between the read and the wait is not missed. */
  arm(id: string, maxMs: number, signal?: AbortSignal): { wait: Promise<void>; disarm(): void };
  /** Called for every announcement (a consumer stops a job that was cancelled). */
  onSettled(listener: (id: string) => void): void;
  /** Resolves once the first connection attempt ended (listening or not). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function createSettledListener(
  databaseUrl: string,
  channel: string,
  log: (message: string, error?: unknown) => void,
): SettledListener {
  const armed = new Map<string, Set<() => void>>();
  const listeners: Array<(id: string) => void> = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** The connection is lost and that was logged: the retries of one outage are not logged each. */
  let lost = false;

  function announce(id: string): void {
    for (const wake of armed.get(id) ?? []) wake();
    for (const listener of listeners) listener(id);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('notification', (message) => message.payload && announce(message.payload));
    next.on('error', (error) => reconnect(next, error));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (lost) log('ingestion listener is listening again');
      lost = false;
    } catch (error) {
      reconnect(next, error);
    }
  }

  function reconnect(failed: pg.Client, error?: unknown): void {
    if (closed || retry || (client !== failed && client !== null)) return;
    client = null;
    if (error && !lost) log('ingestion listener lost its connection; waiting jobs poll until it is back', error);
    if (error) lost = true;
    failed.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }

  const ready = connect();

  return {
    arm(id, maxMs, signal) {
      let disarm = () => {};
      // Registered now, synchronously: the caller reads the row after this call.
      const wait = new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const set = armed.get(id) ?? new Set();
        armed.set(id, set);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abort);
          set.delete(wake);
          if (set.size === 0) armed.delete(id);
        };
        const wake = () => {
          done();
          resolve();
        };
        const abort = () => {
          done();
          reject(signal?.reason);
        };
        const timer = setTimeout(wake, maxMs);
        set.add(wake);
        signal?.addEventListener('abort', abort, { once: true });
        disarm = wake;
      });
      return { wait, disarm: () => disarm() };
    },
    ready: () => ready,
    onSettled: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
