import distance from 'damerau-levenshtein';
import type { AgentIndex } from './agent-index.ts';

/**
 * The agent's own term nearest to a term it does not hold: one edit away (a letter added, dropped,
 * changed, or two swapped), two for terms of 8 characters or more, never changing the first letter
 * (typing errors rarely do; names differing by a prefix, like `pprof` and `gprof`, are other
 * things); the most frequent on a tie. Undefined when the agent holds the term or nothing is near.
 */
export function nearestTerm(index: AgentIndex, term: string): string | undefined {
  if (index.postings.has(term)) return undefined;
  const most = term.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestSteps = Infinity;
  let bestFrequency = 0;
  for (const [candidate, posting] of index.postings) {
    if (candidate[0] !== term[0] || Math.abs(candidate.length - term.length) > most) continue;
    const { steps } = distance(term, candidate);
    if (steps > most) continue;
    if (steps < bestSteps || (steps === bestSteps && posting.length > bestFrequency)) {
      best = candidate;
      bestSteps = steps;
      bestFrequency = posting.length;
    }
  }
  return best;
}
