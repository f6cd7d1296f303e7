import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { Ids } from '../../ports/ids.ts';

/** ULID-based ids: sortable by creation time, unique across processes (80 random bits each). */
export function createUlidIds(): Ids {
  const ulid = monotonicFactory();
  return {
    next: (prefix) => `${prefix}_${ulid().toLowerCase()}`,
    secret: (bytes) => randomBytes(bytes).toString('base64url'),
  };
}
