// Whether a refused message is answered with care: the language model's reading, or the phrases of
// support-seeking.
import type { ModerationCategory } from '../../ports/moderator.ts';
import type { LanguageModel, LanguageScore } from './language-model.ts';
import { asksForContent } from './content-request.ts';
import { asksForMeans } from './method-request.ts';
import { isSmallTalk } from './small-talk.ts';
import { seeksCare } from './support-check.ts';

/** Despair, or asking how to help someone at risk (or for help): not refused, answered with care. A
 * request the language model reads as harmful stays refused, unless the phrases of support-seeking
 * (support-check.ts: how to help someone after an attempt, whom to call, first aid, giving one's own
 * pills away; each with its own exclusions of a dose, a method or hiding) say otherwise: the model's
 * care misses many of those. The model's care alone lifts no self-harm request for the means (the
 * broad phrases of method-request.ts), no small talk (too little to read) and no request for a role
 * or a piece of writing (content-request.ts: no cry for help, whatever its words). */
export function answeredWithCare(
  model: LanguageModel,
  reading: LanguageScore,
  text: string,
  categories: readonly ModerationCategory[],
): boolean {
  if (seeksCare(text)) return true;
  const cared = reading.care >= model.careThreshold && reading.harm < model.careHarmCeiling;
  const meansAsked = categories.includes('self-harm') && asksForMeans(text);
  return cared && !meansAsked && !isSmallTalk(text) && !asksForContent(text);
}
