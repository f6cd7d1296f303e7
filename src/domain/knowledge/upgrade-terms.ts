import type { Store } from '../../ports/store.ts';
import { ANALYZER_VERSION, termsOf } from '../../text/passage-terms.ts';

/** Passages re-analysed per transaction: about 15 ms of stemming on the event loop. */
export const UPGRADE_TERMS_BATCH = 128;

export interface TermsUpgradeBatch {
  /** Passages with older terms read in this batch; 0: none left. */
  read: number;
  /** Of those, the ones this call upgraded (another node may have been first). */
  upgraded: number;
}

/**
 * Re-analyses one batch of passages whose terms an older analyser made, from their stored text
 * and heading exactly as ingestion analyses them, and writes the terms back in one transaction.
 * Vectors stay: they do not depend on the analyser. Each source whose passages changed is logged
 * as deleted and added, so every process's cached index follows as a delta. Idempotent and safe
 * on several nodes at once: a passage is only written while its terms are older.
 */
export async function upgradeTermsBatch(
  deps: { store: Pick<Store, 'chunks' | 'transaction'> },
  limit = UPGRADE_TERMS_BATCH,
): Promise<TermsUpgradeBatch> {
  const batch = await deps.store.chunks.olderTermsBatch(ANALYZER_VERSION, limit);
  if (batch.length === 0) return { read: 0, upgraded: 0 };
  // Outside the transaction: the analysis never holds a write lock. A passage's text never
  // changes in place (a re-indexed page gets new passages), so these terms stay its own.
  const passages = batch.map((chunk) => ({
    id: chunk.id,
    agentId: chunk.agentId,
    sourceId: chunk.sourceId,
    terms: termsOf(chunk.content, chunk.heading).join(' '),
  }));
  const upgraded = await deps.store.transaction((tx) => tx.chunks.replaceTerms(passages, ANALYZER_VERSION));
  return { read: batch.length, upgraded };
}

/** How many passages still have terms of an older analyser. */
export function countOlderTerms(deps: { store: Pick<Store, 'chunks'> }): Promise<number> {
  return deps.store.chunks.countOlderTerms(ANALYZER_VERSION);
}
