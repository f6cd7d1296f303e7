// `node scripts/search/fit-fusion.ts CANDIDATES.json [--split dev|heldout] [--stage NAME]`: the
// product's fusion (fuse-scores.ts, called as rank-passages.ts calls it) replayed over the candidates
// dump-candidates.ts wrote, for RANKING and for grids of its constants, each set's figures as
// eval:search and measure-dev.ts measure them: documentation sets, hit@5/MRR of what is returned (10
// at most) and answerable / unanswerable questions left empty; reference pages, passage hit@5/MRR of
// the unfloored order and unanswerable empty; paraphrase, shop and dev2, recall@3 of what is
// returned and unanswerable empty. Stages: `separation` (how well each per-question signal tells
// answerable from unanswerable questions), `order` (fusionK, keyword trust), `midpoint` (the
// semantic midpoint, flat or following the agent's size), `keyword` (the keyword part), `dominance`
// (every combination: those no worse than RANKING on any set). Choose on dev; read held-out once.
// An agent-size-aware midpoint: the best cosine of N passages that do not answer sits above a
// typical unrelated pair by about spread × sqrt(2 ln N) by chance alone (the largest of N normal
// draws), so the midpoint may be `base + perChance × that` on the calibrated scale.
import { parseArgs } from 'node:util';
import {
  RANKING,
  fusedOrder,
  fuseScores,
  scoreParts,
  shownScores,
  type CandidateSignals,
} from '../../src/domain/search/fuse-scores.ts';
import { calibrateCosine, type ModelCalibration } from '../../src/domain/search/calibrate-model.ts';
import { groupOf, loadCandidates, type Candidate, type Question } from './candidates-file.ts';

type Ranking = typeof RANKING;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { split: { type: 'string', default: 'dev' }, stage: { type: 'string', default: 'midpoint' } },
});
const dump = loadCandidates(positionals);
const calibration: ModelCalibration = { ...dump.calibration };
/** The calibrated cosine the best of N unrelated passages reaches by chance. */
const chanceOf = (n: number) =>
  (calibration.spread / (calibration.paraphrase - calibration.unrelated)) * Math.sqrt(2 * Math.log(Math.max(n, 2)));

const groups = new Map<string, Question[]>();
for (const { set, questions } of dump.sets)
  for (const q of questions)
    if (q.split === values.split) groups.set(groupOf(set), [...(groups.get(groupOf(set)) ?? []), q]);
const DOCS = new Set(['fastify', 'sqlite-site', 'valgrind-site']);
const PAGES = new Set([...DOCS, 'reference']);

/** RANKING's constants, the midpoint raised by `perChance × chanceOf(N)` for an agent of N passages. */
interface Variant {
  ranking: Ranking;
  perChance: number;
}
const signalsOf = (q: Question): CandidateSignals[] =>
  q.candidates.map((c) => ({ cosine: c.cos, bm25: c.bm25, matchedIdf: c.matchedIdf }));
const ownScore = (q: Question, signals: CandidateSignals, ranking: Ranking) =>
  fuseScores(scoreParts(signals, q.queryIdf, calibration, ranking));

/** One question as search answers it: the fused order and how many of its first are returned. */
function answer(q: Question, { ranking, perChance }: Variant): { order: Candidate[]; returned: number } {
  const own = { ...ranking, semanticMidpoint: ranking.semanticMidpoint + perChance * chanceOf(q.n) };
  const signals = signalsOf(q);
  const value = fusedOrder(signals, own);
  const at = signals
    .map((_, i) => i)
    .sort((a, b) => value[b]! - value[a]! || (q.candidates[a]!.id < q.candidates[b]!.id ? -1 : 1));
  const scores = shownScores(
    at.map((i) => ownScore(q, signals[i]!, own)),
    own.minimumScore,
  );
  return { order: at.map((i) => q.candidates[i]!), returned: scores.length };
}

interface Figures {
  hit5: number;
  mrr: number;
  recall3: number;
  emptyAns: number;
  unansEmpty: number;
}
function measure(group: string, questions: Question[], variant: Variant): Figures {
  const f = { hit5: 0, mrr: 0, recall3: 0, emptyAns: 0, unansEmpty: 0 };
  let answerable = 0;
  let unanswerable = 0;
  for (const q of questions) {
    const { order, returned } = answer(q, variant);
    if (!q.answerable) {
      unanswerable += 1;
      if (returned === 0) f.unansEmpty += 1;
      continue;
    }
    answerable += 1;
    if (returned === 0) f.emptyAns += 1;
    // Documentation sets are read on what is returned; the others' ranking on the unfloored order.
    const ranked = DOCS.has(group) ? order.slice(0, Math.min(returned, 10)) : order.slice(0, 20);
    const at = ranked.findIndex((c) => (PAGES.has(group) ? c.label : c.page) === 1);
    if (at >= 0 && at < 5) f.hit5 += 1;
    if (at >= 0) f.mrr += 1 / (at + 1);
    if (order.slice(0, Math.min(3, returned)).some((c) => c.page === 1)) f.recall3 += 1;
  }
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return {
    hit5: share(f.hit5, answerable),
    mrr: share(f.mrr, answerable),
    recall3: share(f.recall3, answerable),
    emptyAns: share(f.emptyAns, answerable),
    unansEmpty: share(f.unansEmpty, unanswerable),
  };
}
const all = (variant: Variant) =>
  new Map([...groups].map(([group, questions]) => [group, measure(group, questions, variant)]));

const n3 = (value: number) => value.toFixed(3).replace(/^0/, '');
const cell = (group: string, f: Figures) =>
  DOCS.has(group)
    ? `${n3(f.hit5)}/${n3(f.mrr)} ${n3(f.emptyAns)} ${n3(f.unansEmpty)}`
    : group === 'reference'
      ? `${n3(f.hit5)}/${n3(f.mrr)} ${n3(f.unansEmpty)}`
      : `${n3(f.recall3)}/${n3(f.unansEmpty)}`;
/** "!": a documentation set leaves more than 1 answerable question in 20 empty. */
const row = (label: string, figures: Map<string, Figures>) =>
  `${label.padEnd(40)}${[...figures].some(([group, f]) => DOCS.has(group) && f.emptyAns > 0.05) ? '!' : ' '} ${[
    ...figures,
  ]
    .map(([group, f]) => cell(group, f))
    .join(' | ')}`;

const baseline = all({ ranking: RANKING, perChance: 0 });
console.log(`split ${values.split}; calibration ${JSON.stringify(calibration)}`);
console.log(`chance by N: ${[20, 48, 217, 700, 1341].map((n) => `${n}: ${chanceOf(n).toFixed(2)}`).join('  ')}`);
console.log(
  `${''.padEnd(41)} ${[...groups.keys()].map((g) => (DOCS.has(g) ? `${g} h5/MRR eA uE` : g === 'reference' ? `${g} h5/MRR uE` : `${g} r3/uE`)).join(' | ')}`,
);
console.log(row('RANKING', baseline));

/** Area under the ROC curve: how often an answerable question's value exceeds an unanswerable one's. */
function auc(positive: number[], negative: number[]): number {
  let sum = 0;
  for (const p of positive) for (const n of negative) sum += p > n ? 1 : p === n ? 0.5 : 0;
  return sum / (positive.length * negative.length);
}
if (values.stage === 'separation') {
  const best = (q: Question, value: (c: Candidate) => number) => Math.max(0, ...q.candidates.map(value));
  const features: Array<[string, (q: Question) => number]> = [
    ['best cosine', (q) => Math.max(...q.candidates.map((c) => calibrateCosine(c.cos, calibration)))],
    [
      'lead over mean',
      (q) =>
        Math.max(
          ...q.candidates.map((c) => calibrateCosine(c.cos, calibration) - calibrateCosine(q.meanCos, calibration)),
        ),
    ],
    ['matched IDF', (q) => best(q, (c) => c.matchedIdf)],
    ['coverage', (q) => (q.queryIdf > 0 ? best(q, (c) => c.matchedIdf) / q.queryIdf : 0)],
    ['own score', (q) => Math.max(...signalsOf(q).map((s) => ownScore(q, s, RANKING)))],
  ];
  console.log(
    `\nAUC, answerable over unanswerable questions (0.5: no separation): ${features.map(([name]) => name).join(' | ')}`,
  );
  for (const [group, questions] of groups) {
    const answerable = questions.filter((q) => q.answerable);
    const unanswerable = questions.filter((q) => !q.answerable);
    if (unanswerable.length === 0) continue;
    const aucs = features.map(([, value]) => auc(answerable.map(value), unanswerable.map(value)).toFixed(2));
    console.log(`${group.padEnd(14)} ${aucs.join(' | ')}`);
  }
}

if (values.stage === 'order')
  for (const fusionK of [5, 10, 20])
    for (const keywordTrustNats of [4, 5, 6, 7, 8])
      for (const keywordTrustSlope of [0.5, 1, 2]) {
        const ranking = { ...RANKING, fusionK, keywordTrustNats, keywordTrustSlope };
        console.log(row(`k ${fusionK} trust ${keywordTrustNats}/${keywordTrustSlope}`, all({ ranking, perChance: 0 })));
      }

if (values.stage === 'midpoint')
  for (const perChance of [0, 1])
    for (const midpoint of perChance === 0
      ? [0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5]
      : [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3]) {
      const ranking = { ...RANKING, semanticMidpoint: midpoint };
      console.log(row(`midpoint ${midpoint}${perChance ? ' + chance(N)' : ''}`, all({ ranking, perChance })));
    }

if (values.stage === 'keyword')
  for (const keywordNats of [8, 9, 10, 12])
    for (const keywordSlope of [1, 1.5, 3])
      for (const coverageShare of [0.8, 0.9, 1.01]) {
        const ranking = { ...RANKING, keywordNats, keywordSlope, coverageShare };
        console.log(
          row(`keyword ${keywordNats}/${keywordSlope} coverage ${coverageShare}`, all({ ranking, perChance: 0 })),
        );
      }

if (values.stage === 'dominance') {
  // No worse than RANKING on any set (documentation sets within one question of hit@5 and 0.01 of
  // MRR, at most 1 answerable in 20 empty), better on one.
  const noWorse = (figures: Map<string, Figures>) =>
    [...figures].every(([group, f]) => {
      const b = baseline.get(group)!;
      if (PAGES.has(group)) return f.hit5 >= b.hit5 - 0.0125 && f.mrr >= b.mrr - 0.01 && f.emptyAns <= 0.05;
      return f.recall3 >= b.recall3 && f.unansEmpty >= b.unansEmpty;
    });
  const gain = (figures: Map<string, Figures>) =>
    [...figures].reduce(
      (sum, [group, f]) =>
        PAGES.has(group)
          ? sum
          : sum + f.recall3 - baseline.get(group)!.recall3 + f.unansEmpty - baseline.get(group)!.unansEmpty,
      0,
    );
  let tried = 0;
  const found: Array<[string, Map<string, Figures>]> = [];
  for (const perChance of [0, 0.5, 1])
    for (const semanticMidpoint of [-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8, 0.9, 1, 1.1, 1.2, 1.4])
      for (const semanticSlope of [2, 3, 4, 6])
        for (const keywordNats of [7, 8, 9, 10, 12])
          for (const coverageShare of [0.8, 0.9, 1.01])
            for (const [keywordTrustNats, keywordTrustSlope] of [
              [6, 1],
              [5, 2],
              [7, 1],
            ] as const) {
              const ranking = {
                ...RANKING,
                ...{ semanticMidpoint, semanticSlope, keywordNats, coverageShare, keywordTrustNats, keywordTrustSlope },
              };
              const figures = all({ ranking, perChance });
              tried += 1;
              if (noWorse(figures) && gain(figures) > 1e-9)
                found.push([
                  `mid ${semanticMidpoint}+${perChance}×chance slope ${semanticSlope} kw ${keywordNats} cov ${coverageShare} trust ${keywordTrustNats}/${keywordTrustSlope}`,
                  figures,
                ]);
            }
  console.log(`\n${found.length} of ${tried} variants are no worse than RANKING on any set and better on one`);
  for (const [label, figures] of found.sort((a, b) => gain(b[1]) - gain(a[1])).slice(0, 30))
    console.log(row(label, figures));
}
