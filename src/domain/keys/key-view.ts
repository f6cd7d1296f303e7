import type { ApiKeyRecord, KeyKind } from '../../ports/api-key-store.ts';
import { toCredits } from '../credits/units.ts';
import { keyStatus, type KeyStatus } from './key-status.ts';
import { isoTime, isoTimeOrNull } from '../iso-time.ts';

/** A key as the console shows it: never the secret, nor its hash. */
export interface KeyView {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart. */
  prefix: string;
  status: KeyStatus;
  /** `publishable`: a widget key, for its one agent and the pages of `allowedOrigins` only. */
  kind: KeyKind;
  allowedAgentIds: string[] | null;
  allowedIps: string[] | null;
  /** The origins a publishable key's widget may run on; null for a secret key. */
  allowedOrigins: string[] | null;
  expiresAt: string | null;
  /** Credits the key may spend in total; null: no quota. */
  quota: number | null;
  /** Credits the key has spent, refunds deducted. */
  usage: number;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export function toKeyView(key: ApiKeyRecord, now: number): KeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.keyPrefix,
    status: keyStatus(key, now),
    kind: key.kind,
    allowedAgentIds: key.allowedAgentIds,
    allowedIps: key.allowedIps,
    allowedOrigins: key.allowedOrigins,
    expiresAt: isoTimeOrNull(key.expiresAt),
    quota: key.quota === null ? null : toCredits(key.quota),
    usage: toCredits(key.usageTotal),
    lastUsedAt: isoTimeOrNull(key.lastUsedAt),
    revokedAt: isoTimeOrNull(key.revokedAt),
    createdAt: isoTime(key.createdAt),
  };
}
