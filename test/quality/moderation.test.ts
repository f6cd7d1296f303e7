// Over 300 lines: one quality report over every moderation set and strictness level, with their floors.
// Local moderator quality (rules, language model, classifier; test/fixtures/moderation), printed for
// every set and strictness level on every run. The classifier was trained on test/fixtures/moderation/train and
// its thresholds chosen on that data's dev split (scripts/train-moderation.ts). The honest figures
// are the independent sets, written by authors who never saw the rules, the classifier or its data,
// and never trained or tuned on: fresh.json, fresh2.json and multilingual.json (FRESH.md).
import { after, before, describe as suite, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TEST_BACKEND } from '../support/backend.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import type { ModerationVerdict } from '../../src/ports/moderator.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import {
  loadClassifierWeights,
  scoreMessage,
  STRICTNESS_LEVELS,
  type Strictness,
} from '../../src/providers/moderation/classifier.ts';
import {
  createLocalModerator,
  type LocalModerator,
  type LocalVerdict,
} from '../../src/providers/moderation/local-moderator.ts';
import { LANGUAGES } from '../../scripts/moderation/dev-report.ts';
import { coreExamples, writtenTurns } from '../../scripts/moderation/training-data.ts';
import { describe, falsePositiveRate, measure, precision, recall, type Labelled } from './moderation-measure.ts';
import {
  describeLanguage,
  languageFigures,
  readLanguageSets,
  sumFigures,
  type LanguageFigures,
} from './moderation-languages.ts';

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/moderation/${name}`, import.meta.url), 'utf8')) as T;

const SETS: Record<string, Labelled[]> = {
  // The rules' own held-out split (their dev split and probes.json are training data now).
  'rules-test': fixture<Array<Labelled & { split: string }>>('messages.json').filter((m) => m.split === 'test'),
  // The training data's dev split (hand-written messages only), where the thresholds were chosen.
  dev: coreExamples().filter((e) => e.split === 'dev'),
  // Its messages in other languages (es, fr, de, pt, it, nl, pl; their style is the language code).
  'dev-multilingual': coreExamples().filter((e) => e.split === 'dev' && LANGUAGES.includes(e.style)),
  fresh: fixture<Labelled[]>('fresh.json'),
  fresh2: fixture<Labelled[]>('fresh2.json'),
  // A third independent set (FRESH.md), used only to choose between two finished models; never
  // trained or tuned on.
  fresh3: fixture<Labelled[]>('fresh3.json'),
  multilingual: fixture<Labelled[]>('multilingual.json'),
  // Everyday questions to a service agent (hotel, spa, marina, shop), all safe, written after the
  // perceptron blocked "Where are the showers?". The training data covers the same ground in other
  // words, so this is a regression check, not an independent figure.
  service: fixture<Labelled[]>('service-questions.json'),
  // Everyday statements and questions about family, bodies, health, sport, school and travel, all
  // safe (everyday-probes.json), written after "My teenage daughter wants to join the dance class"
  // was refused. Split by hand: the dev half was looked at while choosing training data
  // (safe.round7.txt, other words) and the model; the test half only measured.
  'everyday-dev': fixture<Array<Labelled & { split: string }>>('everyday-probes.json').filter((m) => m.split === 'dev'),
  'everyday-test': fixture<Array<Labelled & { split: string }>>('everyday-probes.json').filter(
    (m) => m.split === 'test',
  ),
  // Honest hyperbole ("I could strangle my brother sometimes", "this exam is killing me"), all safe,
  // written after the rules refused such statements (hyperbole-probes.json).
  // Split by hand: the dev half was looked at while fixing the rules and choosing the model; the test
  // half only measured. safe.round9.txt's hyperbole is other sentences.
  'hyperbole-dev': fixture<Array<Labelled & { split: string }>>('hyperbole-probes.json').filter(
    (m) => m.split === 'dev',
  ),
  'hyperbole-test': fixture<Array<Labelled & { split: string }>>('hyperbole-probes.json').filter(
    (m) => m.split === 'test',
  ),
  // Conversations: a request split over two messages, carried on or dropped after a refusal.
  turns: writtenTurns().map((t) => ({
    text: t.text,
    label: t.label,
    earlier: t.context,
    style: `${t.style}/${t.split}`,
  })),
};

// Floors at the default level (balanced), a little under what the shipped classifier measured once
// it was frozen (docs/moderation.md, "Figures"; each training round's figures are in
// docs/research/2026-11-28-moderation-training-rounds.md), so a real regression fails and noise
// does not. The multilingual floors sit lowest: a set of 40, read by the rules and the language
// model (language-model.ts). everyday-test's ceiling allows two honest messages refused: the word
// model costs that there and catches more harm everywhere else.
const FLOORS: Record<string, { precision: number; recall: number; falsePositives: number }> = {
  fresh: { precision: 0.95, recall: 0.92, falsePositives: 0.05 },
  // Round six (self-harm alone stands only for a request for the means): fresh3 4 → 3/180 and
  // fresh2 6 → 5/150 safe refused, precision 0.981 and 0.967.
  fresh3: { precision: 0.95, recall: 0.86, falsePositives: 0.03 },
  fresh2: { precision: 0.94, recall: 0.78, falsePositives: 0.05 },
  // 0.944 / 0.850 / 1 of 20 in round five, 0.909 / 1.000 / 2 of 20 in round eleven. Round twelve (the
  // five languages' model trained with the help-seekers' sets, which halved honest refusals on five
  // independent sets of 480) measures 0.864 / 0.950 / 3 of 20: a French question on reporting a
  // harassing colleague to HR is refused as harassment. The floor is the measure.
  multilingual: { precision: 0.85, recall: 0.85, falsePositives: 0.15 },
  turns: { precision: 0.95, recall: 0.78, falsePositives: 0.06 },
};
/** Sets of safe messages only: the share blocked. */
const SAFE_FLOORS: Record<string, number> = { service: 0.02, 'everyday-test': 0.04, 'hyperbole-test': 0.07 };

let embedder: EmbeddingProvider;
const verdicts = new Map<Strictness, Map<string, LocalVerdict[]>>();

// The per-language sets (languages/, README.md there): French, Spanish, German, Italian, Portuguese
// and English fiction wrappers, their dev split (the language model trains on it) and their held-out
// split (never trained on, but read while choosing, so not clean). Their independent split is never read.
const LANGUAGE_SETS = readLanguageSets(undefined, ['dev', 'heldout']);
const languageVerdicts = new Map<Strictness, Map<string, LocalVerdict[]>>();

// Floors on the held-out split at the default level, a little under what the shipped model measured
// (docs/moderation.md, "Languages"): harmful requests refused at least, honest messages refused at
// most, support-seeking messages refused at most (none in the five languages).
const LANGUAGE_FLOORS: Record<string, { harmful: number; honest: number; support: number }> = {
  fr: { harmful: 14, honest: 1, support: 0 }, // measured 15/16 since round five (14/16 in round four), 0/18, 0/1
  es: { harmful: 14, honest: 1, support: 0 }, // 15/16 (14/16 in round three), 0/17, 0/2
  de: { harmful: 11, honest: 1, support: 0 }, // 12/13, 0/13, 0/2
  it: { harmful: 7, honest: 1, support: 0 }, // 8/10, 0/8, none
  pt: { harmful: 7, honest: 1, support: 0 }, // 7/10, 1/8 (a mango branch cut, as crime), 0/2
  // English fiction wrappers: none of its five support-seeking messages refused since support-check.ts
  // (two were, by the rules and the classifier).
  'en-fiction': { harmful: 5, honest: 1, support: 0 }, // 6/8, 0/24 (2/24 before: the two support-seeking), 0/5
};

/** Every message of every set is embedded once, then judged at each level. */
function caching(inner: EmbeddingProvider): EmbeddingProvider {
  const seen = new Map<string, Promise<Float32Array[]>>();
  return {
    model: inner.model,
    dimension: inner.dimension,
    embed(texts, signal) {
      const key = texts.join('\u0000');
      if (!seen.has(key)) seen.set(key, inner.embed(texts, signal));
      return seen.get(key) as Promise<Float32Array[]>;
    },
    close: () => inner.close(),
  };
}

// Nothing here touches storage: the PostgreSQL run of the suite skips it.
const SKIP =
  TEST_BACKEND === 'postgres' ? 'moderation does not depend on the storage engine: measured on the SQLite run' : false;

suite('moderation quality', { skip: SKIP }, () => {
  before(async () => {
    embedder = caching(createLocalEmbedder({ workers: 2 }));
    for (const level of STRICTNESS_LEVELS) {
      // A whole set is queued at once on two workers: on a busy machine its last message waits minutes.
      const moderator = createLocalModerator({ embedder, strictness: level, timeoutMs: 900_000, nonEnglish: 'check' });
      const bySet = new Map<string, LocalVerdict[]>();
      for (const [name, messages] of Object.entries(SETS))
        bySet.set(name, await Promise.all(messages.map((m, i) => converse(moderator, `${name}/${i}`, m))));
      verdicts.set(level, bySet);
      const byLanguage = new Map<string, LocalVerdict[]>();
      for (const [lang, messages] of LANGUAGE_SETS)
        byLanguage.set(lang, await Promise.all(messages.map((m) => moderator.check(m.text))));
      languageVerdicts.set(level, byLanguage);
    }
  });

  after(() => embedder.close());

  /** As chat does: each earlier message is checked in turn, stored if it passed (or remembered by the
   * moderator if refused), then the message is checked with the stored ones in view. */
  async function converse(moderator: LocalModerator, thread: string, message: Labelled): Promise<LocalVerdict> {
    const stored: string[] = [];
    for (const earlier of message.earlier ?? []) {
      if (!(await moderator.check(earlier, undefined, { thread, earlier: [...stored] })).flagged) stored.push(earlier);
    }
    return moderator.check(message.text, undefined, { thread, earlier: stored });
  }

  test('every set, every strictness level: a stricter level refuses at least what a more lenient one does', (t) => {
    const independent = { strict: { tp: 0, harmful: 0, fp: 0 }, lenient: { tp: 0, harmful: 0, fp: 0 } };
    for (const [name, messages] of Object.entries(SETS)) {
      const byLevel = new Map<Strictness, ReturnType<typeof measure>>();
      for (const level of STRICTNESS_LEVELS) {
        const result = measure(messages, verdicts.get(level)?.get(name) as ModerationVerdict[]);
        byLevel.set(level, result);
        for (const line of describe(result)) t.diagnostic(`[moderation ${name} ${level}] ${line}`);
        if (level === 'balanced')
          for (const mistake of result.mistakes) t.diagnostic(`[moderation ${name} ${level}] ${mistake}`);
        if (name in FLOORS && (level === 'strict' || level === 'lenient')) {
          independent[level].tp += result.tp;
          independent[level].harmful += result.tp + result.fn;
          independent[level].fp += result.fp;
        }
      }
      // The levels differ only in their thresholds: a stricter one refuses at least as much, harmful or not.
      for (const [what, field] of [
        ['harm caught', 'tp'],
        ['safe refused', 'fp'],
      ] as const) {
        const counts = STRICTNESS_LEVELS.map((level) => byLevel.get(level)?.[field] ?? 0);
        assert.ok(
          counts.every((count, i) => i === 0 || count <= (counts[i - 1] as number)),
          `${name}: ${what} (${STRICTNESS_LEVELS.join(' / ')}) ${counts.join(' / ')}`,
        );
      }
    }
    // And the choice matters: on the independent sets and the conversations, strict catches clearly
    // more of the harm than lenient (the floor sits a little under the measure), and lenient refuses
    // fewer honest messages.
    const gain =
      independent.strict.tp / independent.strict.harmful - independent.lenient.tp / independent.lenient.harmful;
    assert.ok(gain >= 0.1, `strict catches ${gain.toFixed(3)} more of the harm than lenient`);
    assert.ok(
      independent.lenient.fp < independent.strict.fp,
      `safe refused: lenient ${independent.lenient.fp}, strict ${independent.strict.fp}`,
    );
  });

  // The classifier alone on dev, where its thresholds were chosen: the curve is printed, and its two
  // working points hold floors a little under what the shipped weights measure, so retrained weights
  // that score harm less sharply fail here before the thresholds hide it.
  const CURVE_FLOORS = [
    { threshold: 0.5, precision: 0.85, recall: 0.83 },
    { threshold: 0.8, precision: 0.97, recall: 0.42 },
  ];

  test('the precision/recall curve of the classifier alone on dev, where thresholds were chosen', async (t) => {
    const weights = loadClassifierWeights();
    const dev = SETS.dev as Labelled[];
    const scores = await Promise.all(
      dev.map(async (m) => scoreMessage(weights, (await embedder.embed([m.text]))[0] as Float32Array, m.text).harm),
    );
    const harmful = dev.filter((m) => m.label !== 'safe').length;
    const curve = new Map<number, { precision: number; recall: number }>();
    for (const threshold of [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98]) {
      const tp = dev.filter((m, i) => m.label !== 'safe' && (scores[i] as number) >= threshold).length;
      const fp = dev.filter((m, i) => m.label === 'safe' && (scores[i] as number) >= threshold).length;
      curve.set(threshold, { precision: tp / Math.max(1, tp + fp), recall: tp / harmful });
      t.diagnostic(
        `[moderation dev curve] harm ≥ ${threshold}: precision ${(tp / Math.max(1, tp + fp)).toFixed(3)} recall ${(tp / harmful).toFixed(3)}`,
      );
    }
    for (const floor of CURVE_FLOORS) {
      const point = curve.get(floor.threshold) as { precision: number; recall: number };
      assert.ok(
        point.precision >= floor.precision && point.recall >= floor.recall,
        `harm ≥ ${floor.threshold}: ${JSON.stringify(point)} under ${JSON.stringify(floor)}`,
      );
    }
  });

  test('on the independent sets and the conversations, at the default level, it stays above the floors measured when frozen', () => {
    for (const [name, floor] of Object.entries(FLOORS)) {
      const result = measure(SETS[name] as Labelled[], verdicts.get('balanced')?.get(name) as ModerationVerdict[]);
      assert.ok(precision(result) >= floor.precision, `${name} precision ${precision(result)}`);
      assert.ok(recall(result) >= floor.recall, `${name} recall ${recall(result)}`);
      assert.ok(falsePositiveRate(result) <= floor.falsePositives, `${name} safe blocked ${falsePositiveRate(result)}`);
    }
    for (const [name, ceiling] of Object.entries(SAFE_FLOORS)) {
      const result = measure(SETS[name] as Labelled[], verdicts.get('balanced')?.get(name) as ModerationVerdict[]);
      assert.ok(falsePositiveRate(result) <= ceiling, `${name} safe blocked ${falsePositiveRate(result)}`);
    }
  });

  test('per language, on the dev and held-out splits: harmful, honest, support-seeking and distress messages refused, care given', (t) => {
    for (const level of STRICTNESS_LEVELS) {
      for (const split of ['dev', 'heldout']) {
        const all: LanguageFigures[] = [];
        for (const [lang, messages] of LANGUAGE_SETS) {
          const found = languageVerdicts.get(level)?.get(lang) as LocalVerdict[];
          const chosen = messages.map((m, i) => [m, found[i]] as const).filter(([m]) => m.split === split);
          const figures = languageFigures(
            chosen.map(([m]) => m),
            chosen.map(([, v]) => v as LocalVerdict),
          );
          all.push(figures);
          t.diagnostic(`[moderation ${lang} ${split} ${level}] ${describeLanguage(figures)}`);
          if (level === 'balanced' && split === 'heldout')
            for (const mistake of figures.mistakes) t.diagnostic(`[moderation ${lang} ${split} ${level}] ${mistake}`);
        }
        t.diagnostic(`[moderation all ${split} ${level}] ${describeLanguage(sumFigures(all))}`);
      }
    }
  });

  test('per language, on the held-out split at the default level, it stays above the floors measured when frozen', () => {
    for (const [lang, floor] of Object.entries(LANGUAGE_FLOORS)) {
      const messages = LANGUAGE_SETS.get(lang) ?? [];
      const found = languageVerdicts.get('balanced')?.get(lang) as LocalVerdict[];
      const held = messages.map((m, i) => [m, found[i]] as const).filter(([m]) => m.split === 'heldout');
      const figures = languageFigures(
        held.map(([m]) => m),
        held.map(([, v]) => v as LocalVerdict),
      );
      assert.ok(figures.harmful.refused >= floor.harmful, `${lang}: harmful refused ${figures.harmful.refused}`);
      assert.ok(figures.honest.refused <= floor.honest, `${lang}: honest refused ${figures.honest.refused}`);
      assert.ok(
        figures.support.refused <= floor.support,
        `${lang}: support-seeking refused ${figures.support.refused}`,
      );
    }
  });

  test('non-English messages are recognised as such, and still judged by the rules and the classifier', (t) => {
    const messages = SETS.multilingual as Labelled[];
    const found = verdicts.get('balanced')?.get('multilingual') as LocalVerdict[];
    const expected: Record<string, string> = { fr: 'fra', es: 'spa', de: 'deu', pt: 'por' };
    const right = messages.filter((m, i) => found[i]?.language === expected[m.lang ?? '']).length;
    t.diagnostic(`[moderation multilingual] language recognised for ${right}/${messages.length}`);
    assert.ok(right / messages.length >= 0.8, `language recognised for ${right}/${messages.length}`);
  });
});
