// The training data and options of the moderator's privacy reader
// (src/providers/moderation/privacy-reader.ts), trained by train-privacy-reader.ts with the help
// reader's training (help-reader-training.ts): the same model and out-of-fold scoring, other messages
// and another threshold rule.
import { freshMessages, HARM_CLASSES, numberOptions } from './language-training.ts';
import { readerMessages, readerOptions, type ReaderMessage, type ReaderOptions } from './help-reader-training.ts';
import { namesSomeoneElses } from '../../src/providers/moderation/someone-elses.ts';
import { PRIVACY_REQUEST_SETS } from './training-sets.ts';

/** The privacy reader's defaults, changed by PRIVACY_READER="epochs=40,…": its threshold is chosen
 * on privacy-train/'s own harmful requests (the same features turned on others) that name no one
 * else's phone or account (choosesPrivacyThreshold), pooled over the languages (30 a language are too
 * few for a threshold each): at most 4% of them, out of fold, may read as a question about one's own
 * privacy. */
export function privacyReaderOptions(spec = process.env.PRIVACY_READER ?? ''): ReaderOptions {
  return { ...readerOptions(''), epochs: 40, lift: 0.04, perLanguage: 0, pooled: 1, sure: 0, ...numberOptions(spec) };
}

/** The privacy reader's training set (privacy-train/, written for it, six languages). */
export const PRIVACY_SET = 'privacy-train';

/** The privacy reader's messages: questions about one's own privacy, settings and protection (the
 * honest and support-seeking messages of privacy-train/) against requests for harm: that set's (the
 * same features turned on someone else) and every request of the help reader's training. */
export function privacyReaderMessages(): ReaderMessage[] {
  const own = freshMessages(PRIVACY_SET).map((m) => ({
    text: m.text,
    positive: !HARM_CLASSES.includes(m.label),
    lang: m.lang,
    source: PRIVACY_SET,
  }));
  const seen = new Set<string>();
  // The requests of the help reader's training as it was when the privacy reader was trained (round
  // fifty-nine), so that its weights stay reproducible as the help reader's training grows.
  const requests = readerMessages([], PRIVACY_REQUEST_SETS).filter((m) => !m.positive);
  return [...own, ...requests].filter((m) => !seen.has(m.text) && seen.add(m.text));
}

/** The messages whose out-of-fold scores choose the threshold: privacy-train/'s, but for those naming
 * someone else's phone, account or messages, which someone-elses.ts keeps from the reader before it
 * reads (round sixty-two: the threshold guards only the requests that check lets through). */
export const choosesPrivacyThreshold = (message: ReaderMessage): boolean =>
  message.source === PRIVACY_SET && !namesSomeoneElses(message.text);
