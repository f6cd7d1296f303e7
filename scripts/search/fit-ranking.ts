// Over 300 lines: one experiment read top to bottom (load, fit, compare, print).
// `node scripts/search/fit-ranking.ts CANDIDATES.json [--split dev|heldout]`: compares orderings
// (BM25, cosine, reciprocal rank fusion, per-query normalised fusion) and fits the score's
// calibration (a logistic model of "this passage answers" on absolute signals) on the dev split of
// every set, then prints each set's figures. Reads what dump-candidates.ts wrote.
import { parseArgs } from 'node:util';
import { RANKING } from '../../src/domain/search/fuse-scores.ts';
import { groupOf as group, loadCandidates, type Candidate, type Question } from './candidates-file.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { split: { type: 'string', default: 'dev' } },
});
const dump = loadCandidates(positionals);
const cal = dump.calibration;

const features = (q: Question, c: Candidate): number[] => {
  const scaled = (c.cos - cal.unrelated) / (cal.paraphrase - cal.unrelated);
  const lead = (c.cos - q.meanCos) / (cal.paraphrase - cal.unrelated);
  const idfShare = c.matchedIdf / Math.max(q.idfMax, 1);
  const coverage = q.queryIdf > 0 ? c.matchedIdf / q.queryIdf : 0;
  return [scaled, lead, idfShare, coverage, c.bm25];
};
const FEATURE_NAMES = ['scaledCos', 'cosLead', 'idfShare', 'coverage', 'bm25frac'];

function fitLogistic(
  rows: Array<{ x: number[]; y: number; w: number }>,
  epochs = 400,
  rate = 0.5,
  l2 = 1e-3,
): number[] {
  const d = rows[0]!.x.length;
  const weights = new Array(d + 1).fill(0);
  const totalWeight = rows.reduce((sum, row) => sum + row.w, 0);
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    const grad = new Array(d + 1).fill(0);
    for (const { x, y, w } of rows) {
      const z = weights[d] + x.reduce((sum, value, i) => sum + value * weights[i], 0);
      const p = 1 / (1 + Math.exp(-z));
      const e = (p - y) * w;
      x.forEach((value, i) => (grad[i] += e * value));
      grad[d] += e;
    }
    for (let i = 0; i <= d; i += 1) weights[i] -= rate * (grad[i] / totalWeight + (i < d ? l2 * weights[i] : 0));
  }
  return weights;
}
const predict = (weights: number[], x: number[]) =>
  1 / (1 + Math.exp(-(weights[x.length]! + x.reduce((sum, value, i) => sum + value * weights[i]!, 0))));

type Order = (q: Question) => Candidate[];
const by =
  (value: (c: Candidate) => number): Order =>
  (q) =>
    [...q.candidates].sort((a, b) => value(b) - value(a));
function rrf(k: number, bm25Weight = 1): Order {
  return (q) => {
    const lexical = [...q.candidates].filter((c) => c.bm25 > 0).sort((a, b) => b.bm25 - a.bm25);
    const semantic = [...q.candidates].sort((a, b) => b.cos - a.cos);
    const score = new Map<Candidate, number>();
    lexical.forEach((c, r) => score.set(c, (score.get(c) ?? 0) + bm25Weight / (k + r + 1)));
    semantic.forEach((c, r) => score.set(c, (score.get(c) ?? 0) + 1 / (k + r + 1)));
    return [...q.candidates].sort((a, b) => score.get(b)! - score.get(a)!);
  };
}
function normFuse(w: number): Order {
  return (q) => {
    const top = Math.max(...q.candidates.map((c) => c.bm25), 1e-9);
    const cosines = q.candidates.map((c) => c.cos);
    const lo = Math.min(...cosines);
    const hi = Math.max(...cosines);
    const value = (c: Candidate) => w * (c.bm25 / top) + (1 - w) * ((c.cos - lo) / Math.max(hi - lo, 1e-9));
    return [...q.candidates].sort((a, b) => value(b) - value(a));
  };
}

interface Figures {
  n: number;
  u: number;
  hit1: number;
  hit5: number;
  mrr: number;
  recall3: number;
  emptyAns: number;
  unansEmpty: number;
  shown5: number;
}
function evaluate(
  questions: Question[],
  order: Order,
  confidence?: (q: Question, c: Candidate) => number,
  floor = 0.3,
): Figures {
  const f: Figures = { n: 0, u: 0, hit1: 0, hit5: 0, mrr: 0, recall3: 0, emptyAns: 0, unansEmpty: 0, shown5: 0 };
  for (const q of questions) {
    const ordered = order(q);
    // Scores are the absolute confidences, sorted, handed out in the fused order.
    const returned = confidence ? q.candidates.filter((c) => confidence(q, c) >= floor).length : ordered.length;
    if (!q.answerable) {
      f.u += 1;
      if (returned === 0) f.unansEmpty += 1;
      continue;
    }
    f.n += 1;
    const at = ordered.findIndex((c) => c.label === 1);
    if (at === 0) f.hit1 += 1;
    if (at >= 0 && at < 5) f.hit5 += 1;
    if (at >= 0) f.mrr += 1 / (at + 1);
    if (at >= 0 && at < Math.min(3, returned)) f.recall3 += 1;
    if (at >= 0 && at < Math.min(5, returned)) f.shown5 += 1;
    if (returned === 0) f.emptyAns += 1;
  }
  return {
    ...f,
    hit1: f.hit1 / f.n,
    hit5: f.hit5 / f.n,
    mrr: f.mrr / f.n,
    recall3: f.recall3 / f.n,
    shown5: f.shown5 / f.n,
    emptyAns: f.emptyAns / f.n,
    unansEmpty: f.u ? f.unansEmpty / f.u : 0,
  };
}

const pad = (text: string, n: number) => text.padEnd(n);
const n3 = (value: number) => value.toFixed(3);
const split = values.split as string;
const groups = new Map<string, Question[]>();
const trainGroups = new Map<string, Question[]>();
for (const { set, questions } of dump.sets) {
  const name = group(set);
  for (const q of questions) {
    if (q.split === split) groups.set(name, [...(groups.get(name) ?? []), q]);
    if (q.split === 'dev') trainGroups.set(name, [...(trainGroups.get(name) ?? []), q]);
  }
}

// The calibration is fitted on dev only, each set weighing the same (its questions share 1).
const rows: Array<{ x: number[]; y: number; w: number }> = [];
for (const [, questions] of trainGroups) {
  const perQuestion = 1 / questions.length;
  for (const q of questions) {
    // Each question's best few by either signal: the candidates the score must judge.
    const seen = new Set([...by((c) => c.bm25)(q).slice(0, 5), ...by((c) => c.cos)(q).slice(0, 5)]);
    for (const c of seen) rows.push({ x: features(q, c), y: c.label, w: perQuestion / seen.size });
  }
}
const weights = fitLogistic(rows);
console.log(
  `calibration: ${FEATURE_NAMES.map((name, i) => `${name} ${weights[i]!.toFixed(3)}`).join('  ')}  bias ${weights.at(-1)!.toFixed(3)}`,
);
const learned = (q: Question, c: Candidate) => predict(weights, features(q, c));

// The order may read the question's own candidates (ranks, the best of each signal): it is never
// the score, so it cannot lift an unrelated question over the floor.
const relative = (q: Question): Map<Candidate, number[]> => {
  const lexical = [...q.candidates].sort((a, b) => b.bm25 - a.bm25);
  const semantic = [...q.candidates].sort((a, b) => b.cos - a.cos);
  const topBm25 = Math.max(lexical[0]?.bm25 ?? 0, 1e-9);
  const topCos = semantic[0]?.cos ?? 0;
  const spread = cal.paraphrase - cal.unrelated;
  return new Map(
    q.candidates.map((c) => [
      c,
      [
        ...features(q, c),
        c.bm25 / topBm25,
        (c.cos - topCos) / spread,
        c.bm25 > 0 ? 1 / (1 + lexical.indexOf(c)) : 0,
        1 / (1 + semantic.indexOf(c)),
      ],
    ]),
  );
};
const orderRows: Array<{ x: number[]; y: number; w: number }> = [];
for (const [, questions] of trainGroups) {
  const perQuestion = 1 / questions.filter((q) => q.answerable).length;
  for (const q of questions) {
    if (!q.answerable || !q.candidates.some((c) => c.label === 1)) continue;
    const rel = relative(q);
    for (const c of q.candidates) orderRows.push({ x: rel.get(c)!, y: c.label, w: perQuestion / q.candidates.length });
  }
}
const orderWeights = fitLogistic(orderRows, 600);
console.log(`order model: ${orderWeights.map((w) => w.toFixed(2)).join(' ')}`);
const learnedOrder: Order = (q) => {
  const rel = relative(q);
  return [...q.candidates].sort((a, b) => predict(orderWeights, rel.get(b)!) - predict(orderWeights, rel.get(a)!));
};

// The floor's trade-off: a question returns something when its best candidate's probability
// reaches t.
for (const t of [0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25]) {
  const parts = [...groups].map(([name, questions]) => {
    const f = evaluate(questions, learnedOrder, learned, t);
    return `${name} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)} r3 ${n3(f.recall3)}`;
  });
  console.log(`t=${t}: ${parts.join('  ')}`);
}

const orders: Array<[string, Order]> = [
  ['bm25', by((c) => c.bm25)],
  ['cos', by((c) => c.cos)],
  ['rrf60', rrf(60)],
  ['rrf20', rrf(20)],
  ['rrf10', rrf(10)],
  ['rrf60 kw1.5', rrf(60, 1.5)],
  ['norm.5', normFuse(0.5)],
  ['norm.6', normFuse(0.6)],
  ['learned', (q) => [...q.candidates].sort((a, b) => learned(q, b) - learned(q, a))],
  ['learnedRel', learnedOrder],
];
for (const [name, questions] of groups) {
  console.log(
    `\n${name} (${split}: ${questions.filter((q) => q.answerable).length} answerable, ${questions.filter((q) => !q.answerable).length} not)`,
  );
  for (const [orderName, order] of orders) {
    const f = evaluate(questions, order, learned, 0.1);
    console.log(
      `  ${pad(orderName, 12)} hit@1 ${n3(f.hit1)} hit@5 ${n3(f.hit5)} MRR ${n3(f.mrr)} recall@3 ${n3(f.recall3)} emptyAns ${n3(f.emptyAns)} unansEmpty ${n3(f.unansEmpty)}`,
    );
  }
}

// The score: the semantic part (the model's calibrated cosine, as the product reads it) and a
// keyword part on the matched terms' IDF (in units of the agent's rarest term), noisy-or'ed.
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const semantic = (c: Candidate) =>
  logistic(
    RANKING.semanticSlope * ((c.cos - cal.unrelated) / (cal.paraphrase - cal.unrelated) - RANKING.semanticMidpoint),
  );
const keywordPart = (a: number, b: number) => (q: Question, c: Candidate) =>
  c.matchedIdf > 0 ? logistic(a * (c.matchedIdf / Math.max(q.idfMax, 1) - b)) : 0;
console.log('\nkeyword part grid (answered / unanswerable empty / recall@3 per set; learned order):');
for (const a of [3, 4, 6]) {
  for (const b of [1.6, 1.8, 2.0, 2.2, 2.5]) {
    const kw = keywordPart(a, b);
    const conf = (q: Question, c: Candidate) => 1 - (1 - semantic(c)) * (1 - kw(q, c));
    const parts = [...groups].map(([name, questions]) => {
      const f = evaluate(questions, learnedOrder, conf, 0.3);
      return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.recall3)}`;
    });
    console.log(`a=${a} b=${b}: ${parts.join('  ')}`);
  }
}
const semOnly = (q: Question, c: Candidate) => semantic(c);
console.log(
  `semantic only: ${[...groups]
    .map(([name, questions]) => {
      const f = evaluate(questions, learnedOrder, semOnly, 0.3);
      return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.recall3)}`;
    })
    .join('  ')}`,
);
console.log('\nkeyword evidence = idfShare × coverage^g:');
for (const g of [0.5, 1])
  for (const a of [4, 6])
    for (const b of [0.8, 1.0, 1.2, 1.4]) {
      const kw = (q: Question, c: Candidate) =>
        c.matchedIdf > 0
          ? logistic(a * ((c.matchedIdf / Math.max(q.idfMax, 1)) * Math.pow(c.matchedIdf / q.queryIdf, g) - b))
          : 0;
      const conf = (q: Question, c: Candidate) => 1 - (1 - semantic(c)) * (1 - kw(q, c));
      console.log(
        `g=${g} a=${a} b=${b}: ${[...groups]
          .map(([name, questions]) => {
            const f = evaluate(questions, learnedOrder, conf, 0.3);
            return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.recall3)}`;
          })
          .join('  ')}`,
      );
    }
console.log('\nkeyword evidence = matched IDF in nats (absolute):');
for (const a of [0.6, 1, 1.5])
  for (const b of [6, 7, 8, 9, 10]) {
    const kw = (q: Question, c: Candidate) => (c.matchedIdf > 0 ? logistic(a * (c.matchedIdf - b)) : 0);
    const conf = (q: Question, c: Candidate) => 1 - (1 - semantic(c)) * (1 - kw(q, c));
    console.log(
      `a=${a} b=${b}: ${[...groups]
        .map(([name, questions]) => {
          const f = evaluate(questions, learnedOrder, conf, 0.3);
          return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.recall3)}`;
        })
        .join('  ')}`,
    );
  }

// The order, weighted per question: the more information (nats of IDF) the question's words carry
// in this knowledge base's best keyword match, the more the keyword ranking is trusted.
function gated(a: number, b: number, kind: 'rrf' | 'norm', k = 60): Order {
  return (q) => {
    const top = Math.max(0, ...q.candidates.map((c) => c.matchedIdf));
    const w = logistic(a * (top - b));
    const lexical = [...q.candidates].filter((c) => c.bm25 > 0).sort((x, y) => y.bm25 - x.bm25);
    const semanticOrder = [...q.candidates].sort((x, y) => y.cos - x.cos);
    const topBm25 = Math.max(lexical[0]?.bm25 ?? 0, 1e-9);
    const cosines = q.candidates.map((c) => c.cos);
    const lo = Math.min(...cosines);
    const hi = Math.max(...cosines);
    const value = new Map<Candidate, number>();
    for (const c of q.candidates) {
      const r1 = lexical.indexOf(c);
      const r2 = semanticOrder.indexOf(c);
      value.set(
        c,
        kind === 'rrf'
          ? (r1 >= 0 ? w / (k + r1 + 1) : 0) + (1 - w) / (k + r2 + 1)
          : w * (c.bm25 / topBm25) + (1 - w) * ((c.cos - lo) / Math.max(hi - lo, 1e-9)),
      );
    }
    return [...q.candidates].sort((x, y) => value.get(y)! - value.get(x)!);
  };
}
console.log('\ngated orders: MRR per set (hit@5)');
const gatedRows: Array<[string, Order]> = [];
for (const kind of ['rrf', 'norm'] as const)
  for (const a of [0.5, 1])
    for (const b of [4, 6, 8, 10])
      gatedRows.push([`${kind} a=${a} b=${b}`, gated(a, b, kind, kind === 'rrf' ? 10 : 60)]);
for (const [name, order] of [
  ['bm25', by((c) => c.bm25)] as [string, Order],
  ['cos', by((c) => c.cos)] as [string, Order],
  ...gatedRows,
]) {
  console.log(
    `${name.padEnd(16)} ${[...groups]
      .map(([g, questions]) => {
        const f = evaluate(questions, order);
        return `${g.slice(0, 8)} ${n3(f.mrr)} (${n3(f.hit5)})`;
      })
      .join('  ')}`,
  );
}

console.log('\nthe shipped order with keyword parts (answered / unanswerable empty / hit@5 as shown):');
const shipped = gated(1, 6, 'rrf', 10);
for (const a of [1, 1.5])
  for (const b of [5, 6, 7, 8, 9]) {
    const kw = (q: Question, c: Candidate) => (c.matchedIdf > 0 ? logistic(a * (c.matchedIdf - b)) : 0);
    const conf = (q: Question, c: Candidate) => 1 - (1 - semantic(c)) * (1 - kw(q, c));
    console.log(
      `a=${a} b=${b}: ${[...groups]
        .map(([name, questions]) => {
          const f = evaluate(questions, shipped, conf, 0.3);
          return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.shown5)}`;
        })
        .join('  ')}`,
    );
  }

console.log(
  '\nkeyword part = noisy-or of nats (1.5, 9) and coverage (c, d): answered / unanswerable empty / hit@5 as shown',
);
for (const c of [10, 20])
  for (const d of [0.7, 0.8, 0.9, 0.95]) {
    const nats = (c0: Candidate) => (c0.matchedIdf > 0 ? logistic(1.5 * (c0.matchedIdf - 9)) : 0);
    const cover = (q: Question, c0: Candidate) =>
      c0.matchedIdf > 0 && q.queryIdf > 0 ? logistic(c * (c0.matchedIdf / q.queryIdf - d)) : 0;
    const conf = (q: Question, c0: Candidate) => 1 - (1 - semantic(c0)) * (1 - nats(c0)) * (1 - cover(q, c0));
    console.log(
      `c=${c} d=${d}: ${[...groups]
        .map(([name, questions]) => {
          const f = evaluate(questions, shipped, conf, 0.3);
          return `${name.slice(0, 8)} ${n3(1 - f.emptyAns)}/${n3(f.unansEmpty)}/${n3(f.shown5)}`;
        })
        .join('  ')}`,
    );
  }
