// The offline default moderator: the rules (rule-check.ts) for the unambiguous, and a classifier
// over the USE-lite sentence embedding (classifier.ts) for meaning the rules do not spell out, with
// the user's previous messages in view. The embedding runs in the search embedder's worker threads
// (one copy of the model); a failed or slow embedding fails closed. Measured by
// test/quality/moderation.test.ts (precision, recall) and `npm run bench -- moderation` (latency).
import { MODERATION_CATEGORIES, ModerationUnavailableError, type ModerationCategory, type ModerationConversation, type ModerationVerdict, type Moderator } from '../../ports/moderator.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { loadClassifierWeights, meanVector, scoreMessage, scoreTurn, type ClassifierWeights, type Strictness } from './classifier.ts';
import { createConversationMemory } from './conversation-memory.ts';
import { detectLanguage } from './detect-language.ts';
import { classify } from './rule-check.ts';

export { classify, FLAG_THRESHOLD, scoreText } from './rule-check.ts';

/** Earlier user messages (stored or refused) judged with the current one. */
export const EARLIER_MESSAGES = 3;

export interface LocalModeratorOptions {
  /** A USE-lite embedder (model "use-lite-512"): the classifier was trained on its vectors. */
  embedder: EmbeddingProvider;
  strictness: Strictness;
  /** How long one check may wait for its embeddings before it fails closed. */
  timeoutMs: number;
  weights?: ClassifierWeights;
}

export interface LocalVerdict extends ModerationVerdict {
  /** ISO 639-3 code of the message's language ("eng", "fra", …; "und" when too short to tell). */
  language: string;
}

export function createLocalModerator(options: LocalModeratorOptions): Moderator & { check(text: string, signal?: AbortSignal, conversation?: ModerationConversation): Promise<LocalVerdict> } {
  const weights = options.weights ?? loadClassifierWeights();
  if (options.embedder.model !== weights.model) throw new Error(`the local moderator needs the ${weights.model} embedder, not ${options.embedder.model}`);
  const memory = createConversationMemory({ vectors: 4_096, threads: 10_000 });
  // V8 compiles a regex on its first use (~10 ms for all of them): pay that at boot, not on a user's message.
  classify('warm up');

  async function vectorsOf(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !memory.vectors.get(text)))];
    if (missing.length > 0) {
      // One text per call: the pool spreads them over its workers, and no short text is padded to a long one.
      const embedded = await withTimeout(Promise.all(missing.map(async (text) => (await options.embedder.embed([text], signal))[0])), options.timeoutMs);
      missing.forEach((text, i) => {
        const vector = embedded[i];
        if (!vector || vector.length !== weights.dimension) throw new Error('the embedder returned no vector');
        memory.vectors.set(text, vector);
      });
    }
    return texts.map((text) => memory.vectors.get(text) as Float32Array);
  }

  return {
    async check(text, signal, conversation) {
      // The same contract as the remote moderators: a check that did not happen is unavailable.
      if (signal?.aborted) throw new ModerationUnavailableError('moderation was aborted');
      const thread = conversation?.thread ?? null;
      const earlier = [...(conversation?.earlier ?? []), ...memory.refusedIn(thread)].slice(-EARLIER_MESSAGES);
      let vectors: Float32Array[];
      try {
        vectors = await vectorsOf([text, ...earlier], signal);
      } catch (error) {
        throw new ModerationUnavailableError(`the message could not be embedded: ${error instanceof Error ? error.message : String(error)}`);
      }
      const flagged = new Set<ModerationCategory>(classify(text).categories);
      const [vector, ...context] = vectors as [Float32Array, ...Float32Array[]];
      const alone = scoreMessage(weights, vector);
      if (alone.harm >= weights.thresholds[options.strictness][alone.category]) flagged.add(alone.category);
      if (flagged.size === 0 && context.length > 0) {
        const turn = scoreTurn(weights, vector, meanVector(context));
        if (turn.harm >= weights.turnThresholds[options.strictness][turn.category]) flagged.add(turn.category);
      }
      const categories = MODERATION_CATEGORIES.filter((category) => flagged.has(category));
      if (categories.length > 0) memory.rememberRefusal(thread, text);
      return { flagged: categories.length > 0, categories, language: detectLanguage(text) };
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
