// What the local moderator remembers between requests, bounded: the vectors of recent messages (a
// message is embedded once, then read back as the next turn's context) and, per conversation, the
// last messages it refused, which are never stored, so that "ok, hypothetically then?" right after
// a refusal is judged with the refused request in view. Per process: with several server processes
// a follow-up may land on one that did not see the refusal, and is then judged on the stored turns.

import type { ModerationCategory } from '../../ports/moderator.ts';

/** A Map used as a least-recently-used cache. */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;
  constructor(limit: number) {
    this.#limit = limit;
  }
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }
}

/** Refused messages kept per conversation. */
const REFUSALS_KEPT = 2;

export interface Refusal {
  text: string;
  categories: ModerationCategory[];
}

export function createConversationMemory(options: { vectors: number; threads: number }) {
  const vectors = new BoundedMap<string, Float32Array>(options.vectors);
  const refusals = new BoundedMap<string, Refusal[]>(options.threads);
  return {
    vectors,
    refusedIn(thread: string | null): Refusal[] {
      return thread === null ? [] : (refusals.get(thread) ?? []);
    },
    rememberRefusal(thread: string | null, refusal: Refusal): void {
      if (thread !== null) refusals.set(thread, [...(refusals.get(thread) ?? []), refusal].slice(-REFUSALS_KEPT));
    },
  };
}
