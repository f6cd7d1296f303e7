import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent, fetch as undiciFetch } from 'undici';
import { OutboundError, type Fetcher, type OutboundRequest, type OutboundResponse } from '../../ports/fetcher.ts';
import { isIpAllowed } from '../../net/ip-allow-list.ts';
import { isPublicAddress } from './address-policy.ts';
import { describeNetworkFailure } from './network-failure.ts';

/** Whether an outbound connection may go to this IP address. */
export type AddressPolicy = (address: string) => boolean;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BLOCKED = 'EADDRBLOCKED';

/** Public addresses only, unless the operator allows private ones or names exceptions. */
export function outboundAddressPolicy(network: {
  allowPrivateAddresses: boolean;
  allowedAddresses: string[];
}): AddressPolicy {
  if (network.allowPrivateAddresses) return () => true;
  if (network.allowedAddresses.length === 0) return isPublicAddress;
  return (address) => isPublicAddress(address) || isIpAllowed(address, network.allowedAddresses);
}

/**
 * An outbound fetcher that checks every address it connects to, on every hop: IP literals before
 * the request, resolved names inside the connection's DNS lookup (so a name cannot resolve to a
 * public address for the check and a private one for the connection).
 */
export function createGuardedFetcher(allowed: AddressPolicy): Fetcher {
  // undici is loaded by the first request, not at start: most CLI commands never fetch.
  let client: Promise<{ dispatcher: Agent; fetch: typeof undiciFetch }> | undefined;
  const connect = () =>
    (client ??= import('undici').then(({ Agent, fetch }) => ({
      dispatcher: new Agent({ connect: { lookup: guardedLookup(allowed) }, keepAliveTimeout: 4_000, connections: 16 }),
      fetch,
    })));
  return {
    fetch: async (request) => fetchGuarded(request, allowed, await connect()),
    close: async () => {
      if (client) await (await client).dispatcher.close();
    },
  };
}

function guardedLookup(allowed: AddressPolicy) {
  return (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !allowed(entry.address));
      if (refused) {
        const blocked = Object.assign(new Error(`${hostname} resolves to a refused address`), { code: BLOCKED });
        return callback(blocked, []);
      }
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, addresses);
      const first = addresses[0];
      callback(null, first?.address ?? '', first?.family);
    });
  };
}

const SCHEME_MISSING = 'it must start with http:// or https:// (such as https://example.com)';

/** A host written without its scheme (example.com, localhost:3000, 10.0.0.5:8080), as people type them. */
function lacksScheme(raw: string, parsed: boolean): boolean {
  // Parsed, `localhost:3000` has the "scheme" localhost; a real one (mailto:) is not followed by a port.
  return !raw.includes('://') && (!parsed || /^\s*[^:/]+:\d/.test(raw)) && URL.canParse(`https://${raw.trim()}`);
}

export function parseTarget(raw: string, allowed: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad-url', lacksScheme(raw, false) ? SCHEME_MISSING : 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError(
      'bad-url',
      lacksScheme(raw, true) ? SCHEME_MISSING : 'only http and https URLs are allowed',
    );
  if (url.username || url.password) throw new OutboundError('bad-url', 'URLs with credentials are not allowed');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) && !allowed(host)) throw new OutboundError('blocked-address', `${host} is not a public address`);
  return url;
}

async function fetchGuarded(
  request: OutboundRequest,
  allowed: AddressPolicy,
  { dispatcher, fetch }: { dispatcher: Agent; fetch: typeof undiciFetch },
): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let url = parseTarget(request.url, allowed);
  for (let hop = 0; ; hop += 1) {
    let response;
    try {
      response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
        dispatcher,
      });
    } catch (error) {
      throw toOutboundError(error, timeout);
    }
    const location = response.headers.get('location');
    if (REDIRECT_STATUSES.has(response.status) && location && request.maxRedirects > 0) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= request.maxRedirects) throw new OutboundError('too-many-redirects', 'too many redirects');
      url = parseTarget(new URL(location, url).href, allowed);
      continue;
    }
    const { body, truncated } = await readCapped(response.body, request.maxBytes, timeout);
    return { url: url.href, status: response.status, headers: Object.fromEntries(response.headers), body, truncated };
  }
}

async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  timeout: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  if (!stream) return { body: Buffer.alloc(0), truncated: false };
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { body: Buffer.concat(chunks), truncated: false };
      const room = maxBytes - size;
      if (value.byteLength >= room) {
        chunks.push(Buffer.from(value.subarray(0, room)));
        await reader.cancel().catch(() => undefined);
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(Buffer.from(value));
      size += value.byteLength;
    }
  } catch (error) {
    throw toOutboundError(error, timeout);
  }
}

function toOutboundError(error: unknown, timeout: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  if (timeout.aborted) return new OutboundError('timeout', 'it did not answer in time');
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === BLOCKED) return new OutboundError('blocked-address', cause.message ?? 'refused address');
  return new OutboundError('network', describeNetworkFailure(error));
}
