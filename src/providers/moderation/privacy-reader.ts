// The local moderator's reader of questions about one's own privacy: hiding one's last seen or
// online status, making an account private, muting a group quietly, stripping location from one's
// photos. Outside English the models refuse many of them by their words ("hide", "without them
// knowing", "track"), which are those of the same features turned on someone else. A logistic
// regression of the help reader's form (help-reader.ts), trained on privacy-train/'s questions about
// one's own privacy against its requests turning the features on others and the help reader's
// other requests for harm (scripts/moderation/train-privacy-reader.ts); one threshold for every
// language, at which at most 4% of privacy-train/'s requests that someone-elses.ts lets through,
// scored out of fold, read as a question about one's own privacy. care-decision.ts says which
// refusals it may lift.
import { helpProbability, loadHelpReader, type HelpReader } from './help-reader.ts';

/** The help reader's form and weights file's shape, with one threshold for every language. */
export type PrivacyReader = HelpReader;

export const PRIVACY_READER_URL = new URL('./privacy-reader-weights.json', import.meta.url);

export const loadPrivacyReader = (url: URL = PRIVACY_READER_URL): PrivacyReader => loadHelpReader(url);

/** Sure enough that the writer asks about their own privacy that a refusal by the models is lifted. */
export function asksAboutOwnPrivacy(reader: PrivacyReader, text: string, vector: ArrayLike<number>): boolean {
  return helpProbability(reader, text, vector) >= reader.threshold;
}
