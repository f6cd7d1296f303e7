// HOST and PORT the server cannot listen on (taken by another process, not allowed, or a HOST that
// names no address: ENOTFOUND, or EAI_AGAIN when no name server answers) are
// settings to change: said as such, without a stack, by a process alone and by a cluster primary.
import { createServer } from 'node:net';
import { once } from 'node:events';
import { ConfigError } from '../config-error.ts';

const CANNOT_LISTEN = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN']);

/** `error` from a listen, as a ConfigError when it is about the address; else as it is. */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !CANNOT_LISTEN.has(code)) return error;
  return new ConfigError(`HOST/PORT: cannot listen on ${host}:${port}: ${(error as Error).message}`);
}

/** The primary listens on nothing itself: before forking, it checks the workers could, so a port
 * taken stops the start instead of a cycle of workers dying and being restarted. */
export async function checkCanListen(host: string, port: number): Promise<void> {
  const probe = createServer();
  probe.listen({ host, port, exclusive: true });
  try {
    await once(probe, 'listening');
  } catch (error) {
    throw listenFailure(error, host, port);
  }
  probe.close();
  await once(probe, 'close');
}
