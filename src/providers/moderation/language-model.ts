// The local moderator's reader of every language: a multinomial logistic regression over a message's
// words, word pairs and 3- to 5-letter pieces, hashed into 2^bits slots, trained on messages in
// English, French, Spanish, German, Italian and Portuguese (scripts/moderation/train-languages.ts;
// two weight files, below).
// It needs no sentence embedding (USE-lite reads English only), so it judges messages in the other
// languages, and it tells apart three things a harm score alone mixes up: a request for harm (six
// classes, one per category), a first-person message of despair (`distress`), and someone asking
// how to help a person at risk or asking for help (`support`); the last two are answered with care.
import { readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../ports/moderator.ts';
import type { Strictness } from './classifier.ts';
import type { Combiner } from './combiner.ts';
import { normalise } from './normalise.ts';
import { fnv1a } from '../../text/fnv1a.ts';

export const LANGUAGE_CLASSES = ['safe', 'distress', 'support', ...MODERATION_CATEGORIES] as const;
export type LanguageClass = (typeof LANGUAGE_CLASSES)[number];

export interface LanguageModel {
  bits: number;
  classes: LanguageClass[];
  /** One per class. */
  biases: number[];
  /** One per class: int8 weights (2^bits of them), base64, each times that class's `scales`. */
  weights: string[];
  scales: number[];
  /** Harm probability from which the model alone would refuse, by strictness (its out-of-fold
   * figures; outside English the moderator refuses by `combiner`). */
  harmThresholds: Record<Strictness, number>;
  /** Outside English: the language model and the USE-lite classifier combined (combiner.ts). The
   * moderator uses the five languages' file's; the other file's is fitted all the same, unused. */
  combiner: Combiner;
  /** Care probability (distress + support) from which a message is answered with care. */
  careThreshold: number;
  /** Harm probability under which a message with care is let through even if refused in self-harm. */
  careHarmCeiling: number;
}

export interface LanguageScore {
  /** Probability that the message asks for harm (the six categories together). */
  harm: number;
  /** The likeliest of the six. */
  category: ModerationCategory;
  /** Probability that it is despair or asks for help (distress + support). */
  care: number;
}

/** English, and any language but the five below: trained without the written sets. In detected
 * English its thresholds decide care over the English care model's reading (`scoreEnglish`); in any
 * other language it reads too, averaged with that model. */
export const LANGUAGE_WEIGHTS_URL = new URL('./language-weights.json', import.meta.url);
/** French, Spanish, German, Italian and Portuguese: trained with the written sets too, with the
 * combiner fitted on its own out-of-fold scores (the combiner that decides harm there). */
export const FIVE_LANGUAGES_WEIGHTS_URL = new URL('./language-weights-five-languages.json', import.meta.url);
/** What English and any language but the five read their care from (`scoreEnglish`): the five
 * languages' model as it was before the boundary sets (29 to 37) joined its training. Retrained with
 * them, it read English requests as care (a drink to spike, a day picked): round forty-eight's note. */
export const ENGLISH_CARE_WEIGHTS_URL = new URL('./language-weights-english-care.json', import.meta.url);

export function loadLanguageModel(url: URL = LANGUAGE_WEIGHTS_URL): LanguageModel {
  return JSON.parse(readFileSync(url, 'utf8')) as LanguageModel;
}

/** The same slot for the same piece on every machine. */
const slotOf = (piece: string, mask: number): number => fnv1a(piece) & mask;

/** The distinct feature slots of a message: each word, each pair of neighbouring words, and every
 * 3-, 4- and 5-character piece of the text (word parts, inflections, misspellings, missing accents). */
export function languageSlots(text: string, bits: number): Int32Array {
  const mask = (1 << bits) - 1;
  const words = normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const slots = new Set<number>();
  words.forEach((word, i) => {
    slots.add(slotOf(`w:${word}`, mask));
    if (i > 0) slots.add(slotOf(`p:${words[i - 1]} ${word}`, mask));
  });
  const joined = ` ${words.join(' ')} `;
  for (const n of [3, 4, 5])
    for (let i = 0; i + n <= joined.length; i += 1) slots.add(slotOf(`c${n}:${joined.slice(i, i + n)}`, mask));
  return Int32Array.from(slots);
}

/** 2^bits int8 slot weights, base64, each times `scale`, as float32 (`what` names them in an error). */
export function decodeSlotWeights(encoded: string, bits: number, scale: number, what: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.byteLength !== 1 << bits) throw new Error(`${what}: ${bytes.byteLength} weights, expected ${1 << bits}`);
  const out = new Float32Array(bytes.byteLength);
  for (let i = 0; i < out.length; i += 1) out[i] = (((bytes[i] as number) << 24) >> 24) * scale;
  return out;
}

const decoded = new WeakMap<LanguageModel, Float32Array[]>();

function weightsOf(model: LanguageModel): Float32Array[] {
  let weights = decoded.get(model);
  if (!weights) {
    weights = model.weights.map((encoded, k) =>
      decodeSlotWeights(encoded, model.bits, model.scales[k] as number, 'language model, a class'),
    );
    decoded.set(model, weights);
  }
  return weights;
}

/** Each class's probability for the message, in `model.classes` order. */
export function classProbabilities(model: LanguageModel, text: string): number[] {
  return slotProbabilities(weightsOf(model), model.biases, languageSlots(text, model.bits));
}

/** The softmax over classes of a message's hashed slots, each weighing 1/√(slots): the shipped
 * model's reading, and the training's over its weights before they are quantised. */
export function slotProbabilities(
  weights: readonly ArrayLike<number>[],
  biases: ArrayLike<number>,
  slots: Int32Array,
): number[] {
  const value = 1 / Math.sqrt(Math.max(1, slots.length));
  const logits = weights.map((w, k) => {
    let z = biases[k] as number;
    for (const slot of slots) z += (w[slot] as number) * value;
    return z;
  });
  const max = Math.max(...logits);
  const exp = logits.map((z) => Math.exp(z - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** The languages besides English where the language model (their own) and the combiner judge harm;
 * in English the classifier decides alone (the language model there refused honest messages). */
export const READ_LANGUAGES: ReadonlySet<string> = new Set(['fra', 'spa', 'deu', 'ita', 'por']);

/** The language models the local moderator reads with (their weight files above). */
export interface ReadingModels {
  english: LanguageModel;
  fiveLanguages: LanguageModel;
  englishCare: LanguageModel;
}

export function loadReadingModels(): ReadingModels {
  return {
    english: loadLanguageModel(LANGUAGE_WEIGHTS_URL),
    fiveLanguages: loadLanguageModel(FIVE_LANGUAGES_WEIGHTS_URL),
    englishCare: loadLanguageModel(ENGLISH_CARE_WEIGHTS_URL),
  };
}

/** The model whose thresholds (care, and the combiner's harm) apply in `language`: the five languages'
 * own there, the English one elsewhere (whose thresholds decide care over the English care reading). */
export function thresholdsModelFor(models: ReadingModels, language: string): LanguageModel {
  return READ_LANGUAGES.has(language) ? models.fiveLanguages : models.english;
}

/** The language model's reading of a message in `language`, as the local moderator takes it: the five
 * languages by their own model, English and any other language by `scoreEnglish`. */
export function readingFor(models: ReadingModels, text: string, language: string): LanguageScore {
  return READ_LANGUAGES.has(language)
    ? scoreLanguage(models.fiveLanguages, text)
    : scoreEnglish(models.english, models.englishCare, text, language);
}

export function scoreLanguage(model: LanguageModel, text: string): LanguageScore {
  return readingOf(model.classes, classProbabilities(model, text));
}

/** English, and any language but the five. There the model's harm only caps care (the classifier
 * decides harm), so what changes is who is answered with care. Detected English reads the model
 * trained with the written sets (the five languages' file) alone: with the means and content checks
 * on the model's care (model-care.ts) it refuses fewer people asking for help than the mean did, and
 * no more harmful requests pass. Any other language reads the mean of the English model's reading and
 * that one's: either alone lets through what the other refuses. Category: the first model's. */
export function scoreEnglish(
  english: LanguageModel,
  written: LanguageModel,
  text: string,
  language = 'und',
): LanguageScore {
  if (language === 'eng') return scoreLanguage(written, text);
  const [reading, other] = [scoreLanguage(english, text), scoreLanguage(written, text)];
  return { ...reading, harm: (reading.harm + other.harm) / 2, care: (reading.care + other.care) / 2 };
}

/** Harm, care and the likeliest category from the classes' probabilities `p`. */
export function readingOf(classes: readonly LanguageClass[], p: readonly number[]): LanguageScore {
  let harm = 0;
  let care = 0;
  let category: ModerationCategory = MODERATION_CATEGORIES[0];
  let best = -1;
  classes.forEach((label, k) => {
    const pk = p[k] as number;
    if (label === 'distress' || label === 'support') care += pk;
    else if (label !== 'safe') {
      harm += pk;
      if (pk > best) [category, best] = [label, pk];
    }
  });
  return { harm, category, care };
}
