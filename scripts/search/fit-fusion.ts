// Fits the second stage's re-ranking model (src/domain/search/rerank-model.json) on the dev
// features dumped by dump-features.ts: the candidates are chosen and described exactly as
// rank-passages.ts does (the same functions), each labelled by whether it holds the answer. A
// weighted logistic regression (Newton steps, weights kept ≥ 0 so that a stronger signal never
// lowers a score; every set weighs the same whatever its size) gives the probability that a
// candidate answers. That probability only orders the candidates: the scores, and so the floor,
// stay the first stage's (rank-passages.ts, rerank), so the bias does not matter. Prints the dev
// figures per set, with the second stage and without.
//   ./node_modules/.bin/node scripts/search/fit-fusion.ts [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { FUSION, fuseScores, queryCalibration, scoreParts, sentenceCosine } from '../../src/domain/search/fuse-scores.ts';
import { oneSubject, RERANK_FEATURES, rerankFeatures, rerankScore, type RerankModel } from '../../src/domain/search/rerank-candidates.ts';
import type { ModelCalibration } from '../../src/domain/search/calibrate-model.ts';
import type { DumpedQuestion } from './dump-features.ts';

const dump = JSON.parse(readFileSync(new URL('../../.tmp/search-features.json', import.meta.url), 'utf8')) as { calibration: ModelCalibration; questions: DumpedQuestion[] };
const groupOf = (set: string) => set.split(':')[0] as string;

/** The candidates of one question, as rank-passages.ts picks them: row indexes and feature rows. */
function candidatesOf(question: DumpedQuestion): { rows: number[]; features: number[][]; first: number[] } {
  const calibration = queryCalibration(dump.calibration, question.mean, question.rows.length);
  const first = question.rows.map(([cosine, , , bm25], at) => ({ at, score: fuseScores(scoreParts(cosine, bm25, calibration)) }));
  const order = first.filter(({ score }) => score >= FUSION.candidateFloor).sort((a, b) => b.score - a.score || a.at - b.at).slice(0, FUSION.candidates).map(({ at }) => at);
  const byKeywords = question.rows.map(([, , , bm25], at) => ({ at, bm25 })).filter(({ bm25 }) => bm25 > 0).sort((a, b) => b.bm25 - a.bm25 || a.at - b.at).slice(0, FUSION.keywordCandidates).map(({ at }) => at);
  const rows = [...order, ...byKeywords.filter((at) => !order.includes(at))];
  const inputs = rows.map((at, place) => {
    const [cosine, sentence, sentences, bm25] = question.rows[at] as number[];
    const combined = place < FUSION.rerankCandidates && place < order.length ? sentenceCosine(cosine!, sentence!, sentences!, calibration) : cosine!;
    return { ...scoreParts(combined, bm25!, calibration), cosine: combined, bm25: bm25! };
  });
  const fused = inputs.map((parts) => fuseScores(parts));
  return { rows, first: fused, features: rerankFeatures(inputs, calibration, oneSubject(question.mean, dump.calibration, question.rows.length, FUSION.backgroundMinPassages)) };
}

const prepared = dump.questions.map((question) => ({ question, ...candidatesOf(question) }));

function fit(l2 = 1e-3): RerankModel {
  const perGroup = new Map<string, number>();
  for (const { question } of prepared) perGroup.set(groupOf(question.set), (perGroup.get(groupOf(question.set)) ?? 0) + 1);
  const data = prepared.flatMap(({ question, rows, features }) => rows.map((at, i) => ({ x: [...(features[i] as number[]), 1], y: question.rows[at]![4]!, w: 1 / perGroup.get(groupOf(question.set))! })));
  const size = RERANK_FEATURES.length + 1;
  const theta = new Array<number>(size).fill(0);
  const total = data.reduce((sum, { w }) => sum + w, 0);
  for (let step = 0; step < 60; step += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const { x, y, w } of data) {
      const p = 1 / (1 + Math.exp(-x.reduce((sum, value, i) => sum + value * theta[i]!, 0)));
      for (let i = 0; i < size; i += 1) {
        gradient[i]! += (w * (p - y) * x[i]!) / total;
        for (let j = 0; j < size; j += 1) hessian[i]![j]! += (w * p * (1 - p) * x[i]! * x[j]!) / total;
      }
    }
    for (let i = 0; i < size - 1; i += 1) {
      gradient[i]! += l2 * theta[i]!;
      hessian[i]![i]! += l2;
    }
    const delta = solve(hessian, gradient);
    for (let i = 0; i < size; i += 1) theta[i] = theta[i]! - delta[i]!;
    for (let i = 0; i < size - 1; i += 1) theta[i] = Math.max(0, theta[i]!);
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { features: [...RERANK_FEATURES], weights: theta.slice(0, -1).map(round), bias: round(theta[size - 1]!) };
}

function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k += 1) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** Per set: MRR of the answering passage, recall@3 at or above 0.3 (passage level), unanswerable empty. */
function figuresOf(model: RerankModel | undefined): Map<string, { answerable: number; unanswerable: number; reciprocal: number; recall: number; empty: number }> {
  const figures = new Map<string, { answerable: number; unanswerable: number; reciprocal: number; recall: number; empty: number }>();
  for (const { question, rows, features, first } of prepared) {
    const f = figures.get(groupOf(question.set)) ?? { answerable: 0, unanswerable: 0, reciprocal: 0, recall: 0, empty: 0 };
    figures.set(groupOf(question.set), f);
    // As rank-passages.ts does: the model's order, the first stage's scores handed out in it.
    const scores = [...first].sort((a, b) => b - a);
    const ranked = model
      ? rows.map((at, i) => ({ at, answers: rerankScore(features[i]!, model), first: first[i]! })).sort((a, b) => b.answers - a.answers || b.first - a.first || a.at - b.at).map(({ at }, place) => ({ at, score: scores[place]! }))
      : rows.map((at, i) => ({ at, score: first[i]! })).sort((a, b) => b.score - a.score || a.at - b.at);
    if (!question.answerable) {
      f.unanswerable += 1;
      if (!ranked.some(({ score }) => score >= FUSION.minimumScore)) f.empty += 1;
      continue;
    }
    f.answerable += 1;
    const rank = ranked.findIndex(({ at }) => question.rows[at]![4] === 1);
    if (rank >= 0) f.reciprocal += 1 / (rank + 1);
    if (rank >= 0 && rank < 3 && ranked[rank]!.score >= FUSION.minimumScore) f.recall += 1;
  }
  return figures;
}

function report(model: RerankModel | undefined): string {
  return [...figuresOf(model)].map(([name, f]) => `${name}: MRR ${(f.reciprocal / f.answerable).toFixed(3)} recall@3 ${(f.recall / f.answerable).toFixed(3)} empty ${(f.empty / Math.max(1, f.unanswerable)).toFixed(3)}`).join('  ');
}

const model = fit();
console.log(JSON.stringify(model));
console.log(`one stage:    ${report(undefined)}`);
console.log(`second stage: ${report(model)}`);
if (process.argv.includes('--write')) {
  const note = 'Written by scripts/search/fit-fusion.ts from the dev splits only (see docs/search.md). answers = logistic(bias + sum of weights × features): it orders the candidates; their scores stay the first stage\'s.';
  writeFileSync(new URL('../../src/domain/search/rerank-model.json', import.meta.url), `${JSON.stringify({ note, ...model }, null, 2)}\n`);
}
