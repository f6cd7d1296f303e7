import { hash } from 'node:crypto';

/** Keys look like `cq_` + 43 base64url characters (256 random bits). */
export const KEY_PREFIX = 'cq_';
/** Publishable (widget) keys: meant to be seen in a web page's source, so they say so. */
export const PUBLISHABLE_KEY_PREFIX = 'cq_pub_';

/** Only this hash is stored. The key is random with 256 bits of entropy, so one fast SHA-256
 * suffices: there is nothing to guess that a slow hash would protect. */
export function hashKey(key: string): string {
  // The one-shot form: a third of createHash's cost, on every authenticated request.
  return hash('sha256', key, 'hex');
}

/** What the console shows of a key after creation: enough to tell keys apart. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
