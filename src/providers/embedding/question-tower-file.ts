import { existsSync, readFileSync } from 'node:fs';

/** Where the question tower adds its low-rank deltas: the second transformer layer's four
 * projections and the pooled layer. */
export const TOWER_SITES = ['qkv', 'output', 'ffnIn', 'ffnOut', 'pooled'] as const;
export type TowerSite = (typeof TOWER_SITES)[number];
/** Each site's projection, inputs × outputs: a delta there is A (inputs × rank) times B (rank × outputs). */
export const TOWER_SITE_SHAPES: Record<TowerSite, readonly [number, number]> = {
  qkv: [512, 1536],
  output: [512, 512],
  ffnIn: [512, 1536],
  ffnOut: [1536, 512],
  pooled: [512, 512],
};

/** The question tower as committed (use-lite-question-tower.json; trained by
 * `npm run train:question-tower`): USE-lite with low-rank deltas, used for search questions only.
 * Passages keep the model's own vectors, so no stored vector changes (docs/search.md). Read here,
 * apart from the encoder, so that a process that only needs its settings does not load tfjs. */
export interface QuestionTowerWeights {
  model: string;
  rank: number;
  /** Where the semantic part of a score is one half for the tower's questions (chosen on the development sets). */
  semanticMidpoint?: number;
  /** Row-major float32, base64, per site: A (in × rank) and B (rank × out). */
  deltas: Partial<Record<TowerSite, { a: string; b: string }>>;
  trainedOn?: unknown;
}

export const QUESTION_TOWER_URL = new URL('./use-lite-question-tower.json', import.meta.url);

let committed: QuestionTowerWeights | null | undefined;

/** The committed tower, or null without one; read once per process (or worker thread). */
export function readQuestionTower(): QuestionTowerWeights | null {
  if (committed === undefined)
    committed = existsSync(QUESTION_TOWER_URL)
      ? (JSON.parse(readFileSync(QUESTION_TOWER_URL, 'utf8')) as QuestionTowerWeights)
      : null;
  return committed;
}
