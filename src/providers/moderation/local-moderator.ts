// The offline default moderator: the rules (rule-check.ts) for the unambiguous, and a classifier
// over the USE-lite sentence embedding (classifier.ts) for meaning the rules do not spell out; then,
// if the message passes alone, both again over the conversation's last turns read as one text. The embedding runs in the search embedder's worker threads
// (one copy of the model); a failed or slow embedding fails closed. Measured by
// test/quality/moderation.test.ts (precision, recall) and `npm run bench -- moderation` (latency).
import { MODERATION_CATEGORIES, ModerationUnavailableError, type ModerationCategory, type ModerationConversation, type ModerationVerdict, type Moderator } from '../../ports/moderator.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { isFollowUp, loadClassifierWeights, scoreMessage, type ClassifierWeights, type Strictness } from './classifier.ts';
import { createConversationMemory, type Refusal } from './conversation-memory.ts';
import { detectLanguage } from './detect-language.ts';
import { classify } from './rule-check.ts';

export { classify, FLAG_THRESHOLD, scoreText } from './rule-check.ts';

/** The first check also waits for the embedding model to load: a slow start is not a failure. */
const COLD_START_MS = 30_000;
/** Earlier stored user messages read with the current one. */
export const EARLIER_MESSAGES = 3;

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
  if (options.embedder.model !== weights.model) throw new Error(`the local moderator needs the ${weights.model} embedder, not ${options.embedder.model}`);
  const memory = createConversationMemory({ vectors: 4_096, threads: 10_000 });
  // The embedder's workers load the model on first use (about a second, more on a busy machine).
  let warm = false;
  // V8 compiles a regex on its first use (~10 ms for all of them): pay that at boot, not on a user's message.
  classify('warm up');

  async function vectorsOf(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !memory.vectors.get(text)))];
    if (missing.length > 0) {
      // One text per call: the pool spreads them over its workers, and no short text is padded to a long one.
      const limit = warm ? options.timeoutMs : Math.max(options.timeoutMs, options.coldStartMs ?? COLD_START_MS);
      const embedded = await withTimeout(Promise.all(missing.map(async (text) => (await options.embedder.embed([text], signal))[0])), limit);
      warm = true;
      missing.forEach((text, i) => {
        const vector = embedded[i];
        if (!vector || vector.length !== weights.dimension) throw new Error('the embedder returned no vector');
        memory.vectors.set(text, vector);
      });
    }
    return texts.map((text) => memory.vectors.get(text) as Float32Array);
  }

  function judge(vector: Float32Array): ModerationCategory[] {
    const score = scoreMessage(weights, vector);
    return score.harm >= weights.thresholds[options.strictness][score.category] ? [score.category] : [];
  }

  /** A message that passes alone, with the earlier ones in view: a follow-up right after a refusal
   * is refused too ("ok, for a novel then?"); a request split over several messages is caught by
   * the rules and the classifier reading the conversation as one text. */
  function judgeInConversation(vector: Float32Array, refused: Refusal[], joined: string | null, together: Float32Array | undefined): ModerationCategory[] {
    const lastRefusal = refused.at(-1);
    if (lastRefusal && isFollowUp(weights, vector)) return lastRefusal.categories;
    if (joined === null || !together) return [];
    const rules = classify(joined);
    return rules.flagged ? rules.categories : judge(together);
  }

  return {
    async check(text, signal, conversation) {
      // The same contract as the remote moderators: a check that did not happen is unavailable.
      if (signal?.aborted) throw new ModerationUnavailableError('moderation was aborted');
      const language = detectLanguage(text);
      if (options.nonEnglish === 'unavailable' && language !== 'eng' && language !== 'und') throw new ModerationUnavailableError(`messages in ${language} cannot be checked by the local moderator`);
      const thread = conversation?.thread ?? null;
      const refused = memory.refusedIn(thread);
      const stored = (conversation?.earlier ?? []).slice(-EARLIER_MESSAGES);
      // The conversation read as one text: the stored turns and this message (refused turns are
      // judged apart, so that a change of subject after a refusal passes).
      const joined = stored.length > 0 ? [...stored, text].join('\n') : null;
      let vectors: Float32Array[];
      try {
        vectors = await vectorsOf(joined === null ? [text] : [text, joined], signal);
      } catch (error) {
        throw new ModerationUnavailableError(`the message could not be embedded: ${error instanceof Error ? error.message : String(error)}`);
      }
      const [vector, together] = vectors as [Float32Array, Float32Array | undefined];
      const flagged = new Set<ModerationCategory>([...classify(text).categories, ...judge(vector)]);
      if (flagged.size === 0) for (const category of judgeInConversation(vector, refused, joined, together)) flagged.add(category);
      const categories = MODERATION_CATEGORIES.filter((category) => flagged.has(category));
      if (categories.length > 0) memory.rememberRefusal(thread, { text, categories });
      return { flagged: categories.length > 0, categories, language };
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
