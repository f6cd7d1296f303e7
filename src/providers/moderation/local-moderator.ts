// The offline default moderator. Rules (rule-check.ts) decide the unambiguous; a classifier over the
// USE-lite embedding (classifier.ts, in a worker of the moderator's own: a check never waits behind an
// upload; a failed or slow embedding fails closed) reads the meaning (in English with a second one
// trained on the read written sets: jointFlag), then the conversation's last turns when the message
// passes alone (each text embedded once, kept by hash). A language model over
// words and letters (language-model.ts) reads six languages: in French, Spanish, German, Italian and
// Portuguese its harm and the classifier's are combined (combiner.ts) and decide; everywhere it tells
// despair and asking for help from a request for harm (answered with care: the reply carries the
// agent's help message). Then care-decision.ts: phrase readers and a learned one (help-reader.ts) lift
// refusals of people asking how to help, voicing pain or announcing their end; asking for the means,
// or to be encouraged in one's own self-harm, keeps it. Measured by test/quality/ and
// `npm run bench -- moderation`.
import {
  ModerationUnavailableError,
  type ModerationCategory,
  type ModerationConversation,
  type ModerationVerdict,
  type Moderator,
} from '../../ports/moderator.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import {
  ENGLISH_WEIGHTS_URL,
  isFollowUp,
  jointFlag,
  loadClassifierWeights,
  scoreMessage,
  type ClassifierScore,
  type ClassifierWeights,
  type Strictness,
} from './classifier.ts';
import { onlySelfHarm, refusalAfterCare, type Judged } from './care-decision.ts';
import { combinedHarm, combinerFeatures } from './combiner.ts';
import { createConversationMemory, type Refusal } from './conversation-memory.ts';
import { detectLanguage } from './detect-language.ts';
import { loadHelpReader, type HelpReader } from './help-reader.ts';
import { loadPrivacyReader, type PrivacyReader } from './privacy-reader.ts';
import {
  ENGLISH_CARE_WEIGHTS_URL,
  FIVE_LANGUAGES_WEIGHTS_URL,
  loadLanguageModel,
  READ_LANGUAGES,
  readingFor,
  thresholdsModelFor,
  type LanguageModel,
  type LanguageScore,
  type ReadingModels,
} from './language-model.ts';
import { withTimeout } from '../../pacing/with-timeout.ts';
import { classify } from './rule-check.ts';
import { isSmallTalk } from './small-talk.ts';
import { meanVector, unembedded, vectorKey } from './turn-vectors.ts';

export { classify, FLAG_THRESHOLD, scoreText } from './rule-check.ts';

/** The first check also waits for the embedding model to load: a slow start is not a failure. */
const COLD_START_MS = 30_000;
/** Earlier stored user messages read with the current one. */
export const EARLIER_MESSAGES = 3;
/** Harm probability (of the message or of the turns' mean) from which the turns are embedded again as
 * one text: a lower gate catches no more split requests and embeds far more honest conversations
 * (docs/research/2026-11-26-moderation-latency.md). */
const CONVERSATION_GATE = 0.5;

export interface LocalModeratorOptions {
  /** A USE-lite embedder (model "use-lite-512"): the classifier was trained on its vectors. */
  embedder: EmbeddingProvider;
  strictness: Strictness;
  /** How long one check may wait for its embeddings before it fails closed. */
  timeoutMs: number;
  /** A message detected as not English: judged all the same ("check"), or refused as uncheckable
   * ("unavailable": 503 MODERATION_UNAVAILABLE), since rules and classifier were built on English. */
  nonEnglish: 'check' | 'unavailable';
  /** The time-out of the first check, which waits for the model to load (default 30 s). */
  coldStartMs?: number;
  weights?: ClassifierWeights;
  /** The classifier English and any language but the five read a message alone with, beside
   * `weights` (classifier-weights-english.json; `weights` when only that is given). */
  englishWeights?: ClassifierWeights;
  /** The language model for English and any language but the five (language-weights.json). */
  languageModel?: LanguageModel;
  /** The language model and combiner for the five languages below (and half the care elsewhere). */
  fiveLanguagesModel?: LanguageModel;
  /** What English and any other language read their care from (language-weights-english-care.json;
   * the five languages' model when only that is given). */
  englishCareModel?: LanguageModel;
  /** The reader of who asks for what (help-reader.ts; help-reader-weights.json by default); null
   * reads without one. */
  helpReader?: HelpReader | null;
  /** The reader of questions about one's own privacy (privacy-reader.ts; privacy-reader-weights.json
   * by default); null reads without one. */
  privacyReader?: PrivacyReader | null;
}

export interface LocalVerdict extends ModerationVerdict {
  /** ISO 639-3 code of the message's language ("eng", "fra", …; "und" when too short to tell). */
  language: string;
}

export interface LocalModerator extends Moderator {
  check(text: string, signal?: AbortSignal, conversation?: ModerationConversation): Promise<LocalVerdict>;
}

export function createLocalModerator(options: LocalModeratorOptions): LocalModerator {
  const weights = options.weights ?? loadClassifierWeights();
  const englishWeights = options.englishWeights ?? options.weights ?? loadClassifierWeights(ENGLISH_WEIGHTS_URL);
  const languageModel = options.languageModel ?? loadLanguageModel();
  const fiveLanguagesModel = options.fiveLanguagesModel ?? loadLanguageModel(FIVE_LANGUAGES_WEIGHTS_URL);
  const models: ReadingModels = {
    english: languageModel,
    fiveLanguages: fiveLanguagesModel,
    englishCare: options.englishCareModel ?? options.fiveLanguagesModel ?? loadLanguageModel(ENGLISH_CARE_WEIGHTS_URL),
  };
  const helpReader = options.helpReader === undefined ? loadHelpReader() : options.helpReader;
  const privacyReader = options.privacyReader === undefined ? loadPrivacyReader() : options.privacyReader;
  if (options.embedder.model !== weights.model)
    throw new Error(`the local moderator needs the ${weights.model} embedder, not ${options.embedder.model}`);
  const memory = createConversationMemory({ vectors: 4_096, threads: 10_000 });
  // The embedder's workers load the model on first use (about a second, more on a busy machine).
  let warm = false;
  // V8 compiles a regex on its first use (~10 ms for all of them): pay that at boot, not on a user's message.
  classify('warm up');

  /** The vectors of `texts`, embedding only those not seen before (in parallel, one text per call:
   * the pool spreads them over its workers, and no short text is padded to a long one). */
  async function vectorsOf(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const keys = texts.map(vectorKey);
    const missing = [...new Map(texts.map((text, i) => [keys[i] as string, text])).entries()].filter(
      ([key]) => !memory.vectors.get(key),
    );
    if (missing.length > 0) {
      const limit = warm ? options.timeoutMs : Math.max(options.timeoutMs, options.coldStartMs ?? COLD_START_MS);
      const embedded = await withTimeout(
        Promise.all(missing.map(async ([, text]) => (await options.embedder.embed([text], signal))[0])),
        limit,
        'embedding',
      );
      warm = true;
      missing.forEach(([key], i) => {
        const vector = embedded[i];
        if (!vector || vector.length !== weights.dimension) throw new Error('the embedder returned no vector');
        memory.vectors.set(key, vector);
      });
    }
    return keys.map((key) => memory.vectors.get(key) as Float32Array);
  }

  function flaggedBy(score: ClassifierScore): ModerationCategory[] {
    return score.harm >= weights.thresholds[options.strictness][score.category] ? [score.category] : [];
  }

  /** A message that passes alone, with the earlier ones in view: a follow-up right after a refusal
   * is refused too ("ok, for a novel then?"); a request split over several messages is caught by
   * the rules reading the turns as one text, then by the classifier: first on the mean of the
   * turns' vectors (no new embedding), then, only if the message or that mean leans towards harm,
   * on the turns embedded as one text (which sees how they combine, as a mean cannot). `alone` is
   * the message's own score, already computed. */
  async function judgeInConversation(
    vectors: Float32Array[],
    alone: ClassifierScore,
    refused: Refusal[],
    stored: readonly string[],
    text: string,
    signal?: AbortSignal,
  ): Promise<ModerationCategory[]> {
    const vector = vectors.at(-1) as Float32Array;
    const lastRefusal = refused.at(-1);
    if (lastRefusal && isFollowUp(weights, vector)) return lastRefusal.categories;
    if (stored.length === 0) return [];
    const joined = [...stored, text].join('\n');
    const rules = classify(joined);
    if (rules.flagged) return rules.categories;
    // The mean stands for the turns together, so its words are theirs.
    const byMean = scoreMessage(weights, meanVector(vectors), joined);
    const flagged = flaggedBy(byMean);
    if (flagged.length > 0 || Math.max(alone.harm, byMean.harm) < CONVERSATION_GATE) return flagged;
    return flaggedBy(scoreMessage(weights, (await vectorsOf([joined], signal))[0] as Float32Array, joined));
  }

  /** Outside English: refused in the language model's category when the combined harm reaches the
   * strictness's threshold (the classifier's category there is little more than a guess). */
  function combinedFlag(reading: LanguageScore, alone: ClassifierScore, language: string): ModerationCategory[] {
    const { combiner } = fiveLanguagesModel;
    const features = combinerFeatures(reading, alone, weights.thresholds.balanced[alone.category]);
    return combinedHarm(combiner, features, language) >= combiner.thresholds[options.strictness]
      ? [reading.category]
      : [];
  }

  /** The categories the message is refused in, before care, whether the rules refused it, and the
   * message's vector when the rules, the classifier or the combiner refused it alone (not the
   * conversation). */
  async function judge(
    text: string,
    language: string,
    reading: LanguageScore,
    thread: string | null,
    signal?: AbortSignal,
    conversation?: ModerationConversation,
  ): Promise<Judged> {
    // The rules decide alone (their categories are the verdict's); the message is embedded only for the
    // help reader, which reads their refusals too (a victim quoting the threat, then asking what to do).
    // An embedding that fails leaves the refusal as it is.
    const rules = classify(text);
    if (rules.flagged) {
      const refusedAlone = helpReader
        ? await vectorsOf([text], signal).then(
            ([vector]) => vector,
            () => undefined,
          )
        : undefined;
      return {
        categories: rules.categories,
        byRules: true,
        selfHarmOnly: onlySelfHarm(rules.categories),
        refusedAlone,
      };
    }
    // Refused turns are never stored, so they are judged apart: a change of subject after a refusal passes.
    const stored = (conversation?.earlier ?? []).slice(-EARLIER_MESSAGES);
    try {
      const vectors = await vectorsOf([...stored, text], signal);
      const vector = vectors.at(-1) as Float32Array;
      const alone = scoreMessage(weights, vector, text);
      // The other languages the language model reads: its reading and the classifier's, combined
      // (the classifier alone refuses honest messages there by their topic).
      // Small talk ("sure", "hi again") is too little for either model to refuse alone (small-talk.ts).
      const flagged = isSmallTalk(text)
        ? []
        : READ_LANGUAGES.has(language)
          ? combinedFlag(reading, alone, language)
          : jointFlag(
              { weights, score: alone },
              { weights: englishWeights, score: scoreMessage(englishWeights, vector, text) },
              options.strictness,
            );
      const categories =
        flagged.length > 0
          ? flagged
          : await judgeInConversation(vectors, alone, memory.refusedIn(thread), stored, text, signal);
      // Outside English the category is the language model's guess: self-harm only when the
      // classifier reads self-harm too (the model says self-harm for many violent requests).
      const agreed = !READ_LANGUAGES.has(language) || alone.category === 'self-harm';
      const refusedAlone = flagged.length > 0 ? vector : undefined;
      return { categories, byRules: false, selfHarmOnly: onlySelfHarm(categories) && agreed, refusedAlone };
    } catch (error) {
      throw unembedded(error);
    }
  }

  return {
    async check(text, signal, conversation) {
      // The same contract as the remote moderators: a check that did not happen is unavailable.
      if (signal?.aborted) throw new ModerationUnavailableError('moderation was aborted');
      const language = detectLanguage(text);
      if (options.nonEnglish === 'unavailable' && language !== 'eng' && language !== 'und')
        throw new ModerationUnavailableError(`messages in ${language} cannot be checked by the local moderator`);
      const thread = conversation?.thread ?? null;
      const model = thresholdsModelFor(models, language);
      const reading = readingFor(models, text, language);
      const judged = await judge(text, language, reading, thread, signal, conversation);
      const { categories } = judged;
      const lift = refusalAfterCare({ text, language, model, reading, judged, helpReader, privacyReader });
      if (lift === 'refused whatever care') {
        memory.rememberRefusal(thread, { text, categories: ['self-harm'] });
        return { flagged: true, categories: ['self-harm'], language };
      }
      if (lift !== 'stands') return { flagged: false, categories: [], care: lift === 'care', language };
      if (categories.length > 0) memory.rememberRefusal(thread, { text, categories });
      return { flagged: categories.length > 0, categories, language };
    },
  };
}
