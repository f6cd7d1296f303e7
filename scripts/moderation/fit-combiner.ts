// The combiner of the language model and the USE-lite classifier outside English
// (src/providers/moderation/combiner.ts), fitted by train-languages.ts on messages neither reader
// was trained on: the language model's out-of-fold probabilities, and the classifier's scores of
// messages it never saw (everything but its own training split). A logistic regression by Newton's
// method (five weights, five language offsets, light L2); its thresholds are chosen by five-fold
// cross-validation so that a given share of honest messages is refused: 5%, 4%, 1.2%.
import { createHash } from 'node:crypto';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { loadClassifierWeights, scoreMessage } from '../../src/providers/moderation/classifier.ts';
import { combinedHarm, combinerFeatures, type Combiner } from '../../src/providers/moderation/combiner.ts';
import { LANGUAGE_CLASSES, readingOf } from '../../src/providers/moderation/language-model.ts';
import { classify } from '../../src/providers/moderation/rule-check.ts';
import { embedCached } from '../embed-cached.ts';
import { splitOf } from './training-data.ts';
import { judgesThresholds } from './training-sets.ts';

export interface OutOfFold {
  message: { text: string; label: string; lang: string; source: string };
  /** The language model's class probabilities from a model that never saw the message. */
  p: number[];
}

/** The languages the combiner judges, by the training data's code and by franc's. */
const CODES: Record<string, string> = { fr: 'fra', es: 'spa', de: 'deu', it: 'ita', pt: 'por' };
const HARM = LANGUAGE_CLASSES.slice(3) as readonly string[];
// balanced refuses 4% (3% until round four: since support-seeking is answered by support-check.ts,
// the honest messages the dev sets saw refused fell, and 4% gained recall in each of them).
const SHARES = { strict: 0.05, balanced: 0.04, lenient: 0.012 };
const L2 = 0.01;

interface Row {
  text: string;
  lang: string;
  features: number[];
  harmful: boolean;
  caring: boolean;
  union: boolean;
}

/** [1, features…, one-hot language]: the design row of the regression. */
const design = (row: Row): number[] => [
  1,
  ...row.features,
  ...Object.values(CODES).map((code) => (code === row.lang ? 1 : 0)),
];

function fit(rows: readonly Row[]): number[] {
  const X = rows.map(design);
  const d = (X[0] as number[]).length;
  let beta = new Array<number>(d).fill(0);
  for (let iteration = 0; iteration < 25; iteration += 1) {
    const gradient = new Array<number>(d).fill(0);
    const hessian = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    X.forEach((x, i) => {
      const q = 1 / (1 + Math.exp(-x.reduce((z, v, j) => z + v * (beta[j] as number), 0)));
      const error = q - (rows[i]?.harmful ? 1 : 0);
      for (let a = 0; a < d; a += 1) {
        gradient[a] = (gradient[a] as number) + error * (x[a] as number);
        const line = hessian[a] as number[];
        for (let b = 0; b < d; b += 1)
          line[b] = (line[b] as number) + q * (1 - q) * (x[a] as number) * (x[b] as number);
      }
    });
    for (let a = 1; a < d; a += 1) {
      gradient[a] = (gradient[a] as number) + L2 * X.length * (beta[a] as number);
      (hessian[a] as number[])[a] = ((hessian[a] as number[])[a] as number) + L2 * X.length;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, a) => b - (step[a] as number));
  }
  return beta;
}

/** Gaussian elimination with partial pivoting (a dozen unknowns). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const m = matrix.map((row, i) => [...row, vector[i] as number]);
  for (let c = 0; c < n; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const top = m[c] as number[];
    for (let r = 0; r < n; r += 1) {
      const row = m[r] as number[];
      if (r === c) continue;
      const factor = (row[c] as number) / (top[c] as number);
      for (let k = c; k <= n; k += 1) row[k] = (row[k] as number) - factor * (top[k] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

function combinerOf(beta: number[], thresholds: Combiner['thresholds']): Combiner {
  const round = (x: number) => Number(x.toPrecision(6));
  const weights = beta.slice(1, 5).map(round);
  const languages = Object.fromEntries(Object.values(CODES).map((code, i) => [code, round(beta[5 + i] as number)]));
  return { bias: round(beta[0] as number), weights, languages, thresholds };
}

const fold = (text: string) => createHash('sha256').update(`combiner ${text}`).digest().readUInt32BE(0) % 5;

/** The threshold at which `share` of the honest scores are refused. */
function thresholdFor(honest: number[], share: number): number {
  const sorted = [...honest].sort((a, b) => b - a);
  return Number(((sorted[Math.floor(share * sorted.length)] ?? 0.5) + 1e-6).toFixed(4));
}

/** `balancedShare`: the share of honest messages refused at `balanced` (SHARES.balanced unless a
 * training option says otherwise). */
export async function fitCombiner(
  scored: readonly OutOfFold[],
  languageThreshold: number,
  balancedShare: number = SHARES.balanced,
): Promise<Combiner> {
  const classifier = loadClassifierWeights();
  // The classifier's training split is left out (its scores there are in-sample), and so is what
  // the rules refuse first.
  const pool = scored.filter(
    (s) =>
      CODES[s.message.lang] &&
      (s.message.source !== 'core' || splitOf(s.message.text) === 'dev') &&
      judgesThresholds(s.message.source) &&
      !classify(s.message.text).flagged,
  );
  const embedder = createLocalEmbedder({ workers: 2 });
  const vectors = await embedCached(
    embedder,
    pool.map((s) => s.message.text),
  );
  await embedder.close();
  const rows: Row[] = pool.map((s) => {
    const reading = readingOf(LANGUAGE_CLASSES, s.p);
    const score = scoreMessage(classifier, vectors.get(s.message.text) as Float32Array, s.message.text);
    const threshold = classifier.thresholds.balanced[score.category];
    return {
      text: s.message.text,
      lang: CODES[s.message.lang] as string,
      features: combinerFeatures(reading, score, threshold),
      harmful: HARM.includes(s.message.label),
      caring: s.message.label === 'distress' || s.message.label === 'support',
      // The rule before: either reader refusing alone.
      union: reading.harm >= languageThreshold || score.harm >= threshold,
    };
  });
  const outOfFold = new Map<Row, number>();
  for (let k = 0; k < 5; k += 1) {
    const combiner = combinerOf(fit(rows.filter((row) => fold(row.text) !== k)), {
      strict: 0,
      balanced: 0,
      lenient: 0,
    });
    for (const row of rows.filter((r) => fold(r.text) === k))
      outOfFold.set(row, combinedHarm(combiner, row.features, row.lang));
  }
  const honest = rows.filter((row) => !row.harmful).map((row) => outOfFold.get(row) as number);
  const thresholds = {
    strict: thresholdFor(honest, SHARES.strict),
    balanced: thresholdFor(honest, balancedShare),
    lenient: thresholdFor(honest, SHARES.lenient),
  };
  const combiner = combinerOf(fit(rows), thresholds);
  console.log(`combiner over ${rows.length} messages: ${JSON.stringify(combiner)}`);
  for (const code of [...Object.values(CODES), 'all']) {
    const group = rows.filter((row) => code === 'all' || row.lang === code);
    const count = (refused: (row: Row) => boolean, of: (row: Row) => boolean) =>
      `${group.filter((row) => of(row) && refused(row)).length}/${group.filter(of).length}`;
    const byCombiner = (row: Row) => (outOfFold.get(row) as number) >= thresholds.balanced;
    const line = (refused: (row: Row) => boolean) =>
      `harmful ${count(refused, (r) => r.harmful)}, honest ${count(refused, (r) => !r.harmful)}, distress+support ${count(refused, (r) => r.caring)}`;
    console.log(`[combiner ${code}] before care: ${line(byCombiner)} | either reader: ${line((r) => r.union)}`);
  }
  return combiner;
}
