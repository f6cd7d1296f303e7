// The local moderator's reader of questions about one's own privacy: hiding one's last seen or
// online status, making an account private, muting or blocking quietly, stripping location from
// one's photos, locking an ex out of one's accounts. Outside English the models refuse many of them
// by their words ("hide", "without them knowing", "track"), which are those of the same features
// turned on someone else. A logistic regression of the help reader's form (help-reader.ts), trained
// on privacy-train/'s questions about one's own privacy against its requests turning the features
// on others and every other request for harm of the help reader's training
// (scripts/moderation/train-privacy-reader.ts); its thresholds keep at most 1% of each language's
// harmful requests, scored out of fold, from reading as a question about one's own privacy.
import { asksForHelp, loadHelpReader, type HelpReader } from './help-reader.ts';

export const PRIVACY_READER_URL = new URL('./privacy-reader-weights.json', import.meta.url);

export const loadPrivacyReader = (url: URL = PRIVACY_READER_URL): HelpReader => loadHelpReader(url);

/** Sure enough that the writer asks about their own privacy that a refusal by the models is lifted. */
export const asksAboutOwnPrivacy: (
  reader: HelpReader,
  text: string,
  vector: ArrayLike<number>,
  language?: string,
) => boolean = asksForHelp;
