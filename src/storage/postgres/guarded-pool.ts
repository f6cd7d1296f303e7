// The pool Kysely is given: every connection failure (server restarting, refused, cut), and a
// transaction the database stopped to break a deadlock, becomes a ServiceUnavailableError, and no
// client, idle or checked out, can crash the process with an unhandled 'error' event.
import type pg from 'pg';
import { ServiceUnavailableError } from '../../ports/unavailable.ts';

/** Seconds a client is asked to wait: the pool reconnects on the next query once the server is back. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

// SQLSTATE class 08 (connection exception), 57P01–57P03 (admin or crash shutdown, starting up),
// 53300 (too many connections); Node's socket errors; pg's own messages for a dead connection.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const PG_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('08') ||
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03' ||
      code === '53300' ||
      SOCKET_CODES.has(code))
  )
    return true;
  return PG_MESSAGES.test(error.message);
}

/** Seconds before sending again a transaction the database stopped to break a deadlock or a
 * serialization conflict: the other side is done by then, and nothing of this one was kept. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/** 40P01 deadlock_detected, 40001 serialization_failure: the whole transaction was rolled back. */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && (code === '40P01' || code === '40001');
}

export function translateConnectionFailure(error: unknown): unknown {
  if (isTransientConflict(error))
    return new ServiceUnavailableError(
      'The request met another one changing the same data; send it again.',
      CONFLICT_RETRY_AFTER_SECONDS,
      { cause: error },
    );
  if (!isConnectionFailure(error)) return error;
  return new ServiceUnavailableError('The database is unavailable; try again shortly.', DATABASE_RETRY_AFTER_SECONDS, {
    cause: error,
  });
}

/**
 * Listens for 'error' on every client the pool makes (a checked-out client inside a transaction
 * emits it when the server goes away: with no listener, Node ends the process) and on the pool.
 * The query in progress still rejects; the pool drops the broken client when it is released.
 */
export function guardPool(pool: pg.Pool, onError: (error: Error) => void = () => {}): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

type PoolClientLike = Pick<pg.PoolClient, 'query' | 'release'> & { readonly processID: number | undefined };

/** What Kysely's PostgresDialect needs of a pool, with failures translated. */
export function translatingPool(pool: pg.Pool): { connect(): Promise<PoolClientLike>; end(): Promise<void> } {
  const wrappers = new WeakMap<pg.PoolClient, PoolClientLike>();
  const wrap = (client: pg.PoolClient): PoolClientLike => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        get processID() {
          return (client as unknown as { processID?: number }).processID;
        },
        query: ((...args: Parameters<pg.PoolClient['query']>) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          // A cursor (streamed query) is returned as is; a promise has its failure translated.
          return result instanceof Promise
            ? result.catch((error: unknown) => Promise.reject(translateConnectionFailure(error)))
            : result;
        }) as pg.PoolClient['query'],
        release: (destroy?: boolean | Error) => client.release(destroy),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    async connect() {
      try {
        return wrap(await pool.connect());
      } catch (error) {
        throw translateConnectionFailure(error);
      }
    },
    end: () => pool.end(),
  };
}
