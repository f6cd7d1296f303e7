// What the care readers make of a message's refusal, in the order they apply: asking to be
// encouraged in one's own self-harm or how to hide one's risk keeps it whatever care is read, in
// self-harm, and asking for time alone with someone else's child in the rules' category; the
// language model's care, a victim quoting abuse, despair voiced, a writer asking for help or to be
// kept alive, self-harm with care read, holding out, an announcement of one's end lift it (with the
// agent's help message, but for reported abuse) unless the means are asked (the help reader, sure
// of it, even then); last, a question about one's own privacy lifts a models' refusal, without the
// help message. The local moderator (local-moderator.ts) judges first, then asks this.
import type { ModerationCategory } from '../../ports/moderator.ts';
import { announcesOwnEnd } from './announcement.ts';
import { asksForChildAccess } from './child-access-rules.ts';
import { asksToConceal } from './concealment-request.ts';
import { voicesDespair } from './despair-statement.ts';
import { asksForEncouragement } from './encouragement-request.ts';
import { readHelp, type HelpReader } from './help-reader.ts';
import { asksToBeKeptAlive } from './keep-alive-request.ts';
import type { LanguageModel, LanguageScore } from './language-model.ts';
import { asksForMeans } from './method-request.ts';
import { asksAboutOwnPrivacy, type PrivacyReader } from './privacy-reader.ts';
import { namesSomeoneElses } from './someone-elses.ts';
import { answeredWithCare } from './model-care.ts';
import { reportsAbuse } from './reported-abuse.ts';
import { holdsOut } from './resisting-check.ts';

/** The language model's care from which a self-harm-only refusal needs a request for the means to
 * stand: the lowest at which at most 3% of the training data's self-harm requests, scored out of
 * fold, would be lifted (2.8%; 0.15 lifts 4.2%). */
const SELF_HARM_CARE_FLOOR = 0.2;

export const onlySelfHarm = (categories: readonly ModerationCategory[]): boolean =>
  categories.length > 0 && categories.every((category) => category === 'self-harm');

/** The rules' refusals despair voiced may lift: self-harm, harassment ("i'm such a waste of space"). */
const caredForByRules = (categories: readonly ModerationCategory[]): boolean =>
  categories.every((category) => category === 'self-harm' || category === 'harassment');

/** The moderator's judgement before care: the categories refused in, whether by the rules, whether
 * self-harm alone (outside English, both readers agreeing), and the message's vector when it was
 * refused alone (the help reader reads it). */
export interface Judged {
  categories: ModerationCategory[];
  byRules: boolean;
  selfHarmOnly: boolean;
  refusedAlone?: Float32Array;
}

/** Kept whatever care is read, lifted with the help message (`care`) or without it (`answered`), or
 * as judged (`stands`; nothing refused stands as nothing refused). */
export type AfterCare = 'refused whatever care' | 'care' | 'answered' | 'stands';

export function refusalAfterCare(input: {
  text: string;
  language: string;
  /** The language model whose thresholds decide care in this language. */
  model: LanguageModel;
  reading: LanguageScore;
  judged: Judged;
  helpReader: HelpReader | null;
  privacyReader?: PrivacyReader | null;
}): AfterCare {
  const { text, language, model, reading, helpReader, privacyReader } = input;
  const { categories, byRules, selfHarmOnly, refusedAlone } = input.judged;
  // Asking to be encouraged in one's own self-harm (encouragement-request.ts), or how to hide one's
  // risk from those who would keep one safe (concealment-request.ts), reads as distress to the
  // models: it is refused whatever care they read, and nothing lifts it.
  if (asksForEncouragement(text) || asksToConceal(text)) return 'refused whatever care';
  // Asking how to be alone with someone else's child unnoticed reads to the help reader as asking
  // for help; its rule (child-access-rules.ts, which always refuses it) stands, in its category.
  if (byRules && asksForChildAccess(text)) return 'stands';
  // Care lifts the classifiers' refusals (outside English their category is a guess) and the rules'
  // in self-harm only: never a threat to someone else, nor a self-harm request for the means (model-care.ts).
  if (answeredWithCare(model, reading, text, categories) && (!byRules || onlySelfHarm(categories))) return 'care';
  // A victim or witness quoting the slur or insult they received, asking what to do
  // (reported-abuse.ts): answered, without the help message (it speaks of self-harm).
  const abuse = (category: ModerationCategory) => category === 'hate' || category === 'harassment';
  if (byRules && categories.every(abuse) && reportsAbuse(text)) return 'answered';
  // Despair voiced with nothing asked lifts a refusal in any category (its words read as harm);
  // it gives no care to a message that passes anyway ("the app closes da sola").
  if (categories.length > 0 && voicesDespair(text) && (!byRules || caredForByRules(categories))) return 'care';
  // A victim or worried helper asking what to do, or someone voicing their own pain (help-reader.ts),
  // lifts a refusal of the message alone (by the rules, the classifier or the combiner), in any
  // category; asking to be kept alive or safe (keep-alive-request.ts) lifts the models' and the
  // rules' in self-harm; unless a method is asked (whether it would hurt is asked about the method
  // too: method-request.ts).
  // The reader sure of it (help-reader.ts's sureThreshold, at which no request for the means scored
  // in training) lifts the refusal even where the means phrases read a method: a parent quoting
  // their son's searches ("painless ways to die"), "I don't want to hide it anymore".
  const help = refusedAlone && helpReader ? readHelp(helpReader, text, refusedAlone, language) : null;
  const helpAsked = help?.asks || ((!byRules || onlySelfHarm(categories)) && asksToBeKeptAlive(text));
  if (help?.surely) return 'care';
  if (helpAsked && !asksForMeans(text)) return 'care';
  // Self-harm alone, with some care read, stands only for a request for the means (a method, an
  // amount, a place, a time, hiding it): despair and asking for help name the same words. The
  // writer holding out against their own pills or blades (resisting-check.ts) names them too:
  // the phrases say self-harm, whatever the classifier's guess of the category outside English.
  const caredFor = selfHarmOnly && reading.care >= SELF_HARM_CARE_FLOOR;
  if ((caredFor || (onlySelfHarm(categories) && holdsOut(text))) && !asksForMeans(text)) return 'care';
  // An announcement of the writer's own end that asks for nothing (announcement.ts) is answered
  // with care, as despair is: the means named, or asked for, keep the refusal.
  if (onlySelfHarm(categories) && announcesOwnEnd(text)) return 'care';
  // A question about one's own privacy, settings or protection (privacy-reader.ts) that the models
  // refused by its words is answered, without the help message; never a rules' refusal, one in
  // self-harm (hiding one's own self-harm is asked in the same words), nor one naming someone else's
  // phone, account or messages (someone-elses.ts: spying is asked in the same words too).
  const ownPrivacy =
    !byRules &&
    refusedAlone &&
    privacyReader &&
    !categories.includes('self-harm') &&
    !namesSomeoneElses(text) &&
    asksAboutOwnPrivacy(privacyReader, text, refusedAlone);
  if (ownPrivacy) return 'answered';
  return 'stands';
}
