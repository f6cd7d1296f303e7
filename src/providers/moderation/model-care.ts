// Whether the language model's reading answers a refused message with care.
import type { LanguageModel, LanguageScore } from './language-model.ts';
import { asksForContent } from './content-request.ts';
import { isSmallTalk } from './small-talk.ts';
import { seeksCare } from './support-check.ts';

/** Despair, or asking how to help someone at risk (or for help): not refused, answered with care. A
 * request the language model reads as harmful stays refused, unless the phrases of support-seeking
 * (support-check.ts: how to help someone after an attempt, whom to call; no dose, method or hiding)
 * say otherwise: the model's care misses many of those. Small talk is too little to read, and a
 * request for a role or a piece of writing (content-request.ts) is no cry for help whatever its words. */
export function answeredWithCare(model: LanguageModel, reading: LanguageScore, text: string): boolean {
  const cared = reading.care >= model.careThreshold && reading.harm < model.careHarmCeiling;
  return (cared && !isSmallTalk(text) && !asksForContent(text)) || seeksCare(text);
}
