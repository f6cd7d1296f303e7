// `npm run train:moderation`: trains the local moderator's classifier (src/providers/moderation/
// classifier.ts) from test/fixtures/moderation/train and writes classifier-weights.json. Thresholds
// per category and strictness level are chosen on the dev split only; the independent sets
// (fresh*.json, multilingual.json) are never read here. Deterministic: same data, same weights.
import { writeFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../src/ports/moderator.ts';
import { createLocalEmbedder } from '../src/providers/embedding/local-embedder.ts';
import { scoreMessage, STRICTNESS_LEVELS, WEIGHTS_URL, type ClassifierWeights, type LinearModel, type Strictness, type Thresholds } from '../src/providers/moderation/classifier.ts';
import { embedCached } from './moderation/embed-cached.ts';
import { trainLogistic, type Dataset, type TrainOptions } from './moderation/logistic.ts';
import { allExamples, FOLLOW_UP, type Label } from './moderation/training-data.ts';

const DIMENSION = 512;
// Features are scaled to unit variance per entry while training (unit vectors have entries ~1/√512);
// the scale is folded back into the committed weights.
const SCALE = Math.sqrt(DIMENSION);
const OPTIONS: TrainOptions = { epochs: 400, learningRate: 0.02, l2: 0.002, positiveWeight: 1 };
/** No level flags on a harm probability below this, whatever dev allows. */
const MIN_THRESHOLD = 0.5;
/** The share of dev's safe messages the classifier may flag at each level (strict flags more to miss less). */
const ALLOWED_FALSE_POSITIVES: Record<Strictness, number> = { strict: 0.04, balanced: 0.02, lenient: 0.006 };

interface Row {
  vectors: Float32Array[];
  label: Label;
  split: 'train' | 'dev';
}

function dataset(rows: readonly Row[], positive: (label: Label) => boolean): Dataset {
  const dimension = (rows[0]?.vectors.length ?? 1) * DIMENSION;
  const features = new Float64Array(rows.length * dimension);
  rows.forEach((row, r) => row.vectors.forEach((vector, part) => vector.forEach((value, i) => (features[r * dimension + part * DIMENSION + i] = value * SCALE))));
  return { features, dimension, labels: Uint8Array.from(rows, (row) => (positive(row.label) ? 1 : 0)) };
}

const round = (value: number) => Number(value.toPrecision(5));

function fit(rows: readonly Row[], positive: (label: Label) => boolean, options: TrainOptions): LinearModel {
  const { bias, weights } = trainLogistic(dataset(rows, positive), options);
  return { bias: round(bias), weights: Array.from(weights, (w) => round(w * SCALE)) };
}

/** Per category, the lowest threshold that flags at most the level's share of dev's safe rows that
 * look like that category (each level's share is split evenly over the six categories). */
function chooseThresholds(scored: Array<{ label: Label; harm: number; category: ModerationCategory }>, name: string): Thresholds {
  const thresholds = Object.fromEntries(STRICTNESS_LEVELS.map((level) => [level, {}])) as Thresholds;
  const safeCount = scored.filter((s) => s.label === 'safe').length;
  for (const category of MODERATION_CATEGORIES) {
    const safe = scored.filter((s) => s.label === 'safe' && s.category === category).map((s) => s.harm).sort((a, b) => b - a);
    for (const level of STRICTNESS_LEVELS) {
      const allowed = Math.floor((ALLOWED_FALSE_POSITIVES[level] * safeCount) / MODERATION_CATEGORIES.length);
      thresholds[level][category] = round(Math.min(0.99, Math.max(MIN_THRESHOLD, (safe[allowed] ?? 0) + 0.005)));
    }
  }
  for (const level of STRICTNESS_LEVELS) {
    let tp = 0;
    let fp = 0;
    let right = 0;
    const harmful = scored.filter((s) => s.label !== 'safe').length;
    for (const s of scored) {
      if (s.harm < thresholds[level][s.category]) continue;
      if (s.label === 'safe') fp += 1;
      else tp += 1;
      if (s.label === s.category) right += 1;
    }
    console.log(`[${name} dev] ${level.padEnd(8)} precision ${(tp / Math.max(1, tp + fp)).toFixed(3)} recall ${(tp / harmful).toFixed(3)} (${tp}/${harmful}) safe flagged ${fp}/${safeCount}, category right ${right}/${tp} | ${MODERATION_CATEGORIES.map((c) => `${c} ${thresholds[level][c]}`).join(', ')}`);
  }
  const curve = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98].map((t) => {
    const tp = scored.filter((s) => s.label !== 'safe' && s.harm >= t).length;
    const fp = scored.filter((s) => s.label === 'safe' && s.harm >= t).length;
    return `${t}: P ${(tp / Math.max(1, tp + fp)).toFixed(3)} R ${(tp / scored.filter((s) => s.label !== 'safe').length).toFixed(3)}`;
  });
  console.log(`[${name} dev] curve ${curve.join(' | ')}`);
  return thresholds;
}

async function main(): Promise<void> {
  const examples = allExamples();
  const embedder = createLocalEmbedder({ workers: 2 });
  const vectors = await embedCached(embedder, examples.map((e) => e.text));
  await embedder.close();
  const vector = (text: string) => vectors.get(text) as Float32Array;
  console.log(`${examples.length} messages (${examples.filter((e) => e.split === 'dev').length} dev)`);

  const messageRows: Row[] = examples.map((e) => ({ vectors: [vector(e.text)], label: e.label, split: e.split }));
  const train = (rows: Row[]) => rows.filter((row) => row.split === 'train');
  const harm = fit(train(messageRows), (label) => label !== 'safe', OPTIONS);
  const harmfulRows = train(messageRows).filter((row) => row.label !== 'safe');
  const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, fit(harmfulRows, (label) => label === c, OPTIONS)])) as Record<ModerationCategory, LinearModel>;
  const followUps = new Set(examples.filter((e) => e.style.startsWith(FOLLOW_UP)).map((e) => e.text));
  const followUp = fit(train(examples.map((e) => ({ vectors: [vector(e.text)], label: followUps.has(e.text) ? 'crime' : 'safe', split: e.split }))), (label) => label !== 'safe', { ...OPTIONS, positiveWeight: 10 });
  const partial = { model: 'use-lite-512', dimension: DIMENSION, harm, categories, followUp };
  const asWeights = partial as ClassifierWeights;
  const devMessages = messageRows.filter((row) => row.split === 'dev').map((row) => ({ label: row.label, ...scoreMessage(asWeights, row.vectors[0] as Float32Array) }));
  const categoryRight = devMessages.filter((s) => s.label !== 'safe' && s.label === s.category).length;
  console.log(`[single dev] category named right for ${categoryRight}/${devMessages.filter((s) => s.label !== 'safe').length} harmful messages`);
  const weights: ClassifierWeights = { ...partial, thresholds: chooseThresholds(devMessages, 'single') };
  // One line per model keeps the file diffable: a retrain shows which categories moved.
  const body = JSON.stringify(weights, null, 1).replace(/\[\n\s+([^\]]*?)\n\s*\]/gs, (_, inner: string) => `[${inner.replace(/\s*\n\s*/g, ' ')}]`);
  writeFileSync(WEIGHTS_URL, `${body}\n`);
  console.log(`wrote ${WEIGHTS_URL.pathname}`);
}

await main();
