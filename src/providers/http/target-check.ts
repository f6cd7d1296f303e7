import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { OutboundError } from '../../ports/fetcher.ts';
import { PRIVATE_ADDRESS_HINT, type TargetCheck } from '../../ports/target-check.ts';
import { parseTarget, type AddressPolicy } from './guarded-fetcher.ts';
import { hasBlockedPort } from './blocked-ports.ts';
import { BLOCKED_PORT_REASON } from './network-failure.ts';

/**
 * The guarded fetcher's rules, applied when a URL is configured: http(s) only, no credentials, no
 * port that fetch never connects to, and no refused address, whether written as an IP or resolved
 * from the name now. A name that does not resolve yet is accepted: the fetcher judges it again at
 * every delivery.
 */
export function createTargetCheck(allowed: AddressPolicy): TargetCheck {
  return {
    async check(raw) {
      let url: URL;
      try {
        url = parseTarget(raw, allowed);
      } catch (error) {
        if (!(error instanceof OutboundError)) return { ok: false, reason: 'not a valid URL' };
        return {
          ok: false,
          reason: error.reason === 'blocked-address' ? `${error.message}; ${PRIVATE_ADDRESS_HINT}` : error.message,
        };
      }
      if (hasBlockedPort(url)) return { ok: false, reason: BLOCKED_PORT_REASON };
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      if (isIP(host)) return { ok: true };
      let addresses: Array<{ address: string }>;
      try {
        addresses = await lookup(host, { all: true });
      } catch {
        return { ok: true };
      }
      const refused = addresses.find((entry) => !allowed(entry.address));
      return refused
        ? {
            ok: false,
            reason: `${host} resolves to ${refused.address}, which is not a public address; ${PRIVATE_ADDRESS_HINT}`,
          }
        : { ok: true };
    },
  };
}
