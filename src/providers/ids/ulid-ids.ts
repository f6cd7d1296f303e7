import { randomBytes, randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { Ids } from '../../ports/ids.ts';

/** ulid's default source asks the OS for one byte per character; draw from a pooled buffer of
 * cryptographic randomness instead (one system call per 4 KiB). */
function pooledRandom(): () => number {
  const pool = Buffer.alloc(4096);
  let offset = pool.length;
  return () => {
    if (offset >= pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    return pool[offset++]! / 256;
  };
}

/** ULID-based ids: sortable by creation time, unique across processes (80 random bits each). */
export function createUlidIds(): Ids {
  const ulid = monotonicFactory(pooledRandom());
  return {
    next: (prefix) => `${prefix}_${ulid().toLowerCase()}`,
    secret: (bytes) => randomBytes(bytes).toString('base64url'),
  };
}
