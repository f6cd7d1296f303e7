import type { IndexedChunks } from '../ports/knowledge-store.ts';
import type { PassageIndex } from '../ports/passage-index.ts';
import { createPassageIndex } from './passage-index.ts';

/**
 * Comparison runs' scratch indexes, the last `keep` of them by key (agent, model, knowledge
 * version), so a second run of the same comparison embeds only its questions. A build that fails
 * is not kept; two runs asking at once share one build.
 */
export function createScratchIndexes(options: { keep: number; maxBytes: number }) {
  const kept = new Map<string, Promise<PassageIndex>>();
  return async (key: string, build: () => Promise<IndexedChunks>): Promise<PassageIndex> => {
    let index = kept.get(key);
    if (index) {
      kept.delete(key); // re-inserted below: the most recently used is kept longest
    } else {
      index = build().then((chunks) => createPassageIndex({ chunks, maxBytes: options.maxBytes }));
      index.catch(() => {
        if (kept.get(key) === index) kept.delete(key);
      });
    }
    kept.set(key, index);
    while (kept.size > options.keep) kept.delete(kept.keys().next().value as string);
    return index;
  };
}
