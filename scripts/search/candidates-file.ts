// What dump-candidates.ts writes, read back for the ranking research (fit-ranking.ts, fit-fusion.ts):
// every question of every labelled set with its candidates' raw signals, cut to the candidates the
// product takes (the best RANKING.candidatesPerSignal by BM25, sharing a term, and by the cosine).
import { readFileSync } from 'node:fs';
import { RANKING } from '../../src/domain/search/fuse-scores.ts';

export interface Candidate {
  id: string;
  bm25: number;
  matchedIdf: number;
  matchedTerms: number;
  cos: number;
  /** The passage answers the question. */
  label: 0 | 1;
  /** The passage is from the answering page (source). */
  page: 0 | 1;
}

export interface Question {
  q: string;
  split: string;
  answerable: boolean;
  /** The agent's live passages. */
  n: number;
  meanCos: number;
  candidates: Candidate[];
  queryIdf: number;
  queryTerms: number;
  idfMax: number;
}

export interface Dump {
  calibration: { model: string; unrelated: number; paraphrase: number; spread: number; separates: boolean };
  sets: Array<{ set: string; kind: string; questions: Question[] }>;
}

/** Several dumps may be given: a set in a later file replaces the same set in an earlier one. */
export function loadCandidates(files: readonly string[]): Dump {
  const dumps = (files.length > 0 ? files : ['.tmp/candidates.json']).map(
    (file) => JSON.parse(readFileSync(file, 'utf8')) as Dump,
  );
  const dump: Dump = {
    ...dumps[0]!,
    sets: [
      ...new Map(dumps.flatMap((d) => d.sets).map((set) => [`${set.set}:${set.questions[0]?.split}`, set])).values(),
    ],
  };
  const perSignal = RANKING.candidatesPerSignal;
  for (const set of dump.sets) {
    for (const q of set.questions) {
      const lexical = [...q.candidates]
        .filter((c) => c.bm25 > 0)
        .sort((a, b) => b.bm25 - a.bm25)
        .slice(0, perSignal);
      const semantic = [...q.candidates].sort((a, b) => b.cos - a.cos).slice(0, perSignal);
      q.candidates = [...new Set([...lexical, ...semantic])];
    }
  }
  return dump;
}

/** A set's group: "paraphrase/travel" → "paraphrase". */
export const groupOf = (set: string): string => set.split('/')[0] as string;
