// The rule half of the local moderator: weighted patterns per category (rule.ts, person-rules.ts,
// content-rules.ts, other-language-rules.ts, place-rules.ts, child-access-rules.ts) over normalised text (normalise.ts). Synchronous, tens of microseconds a
// message; it decides the unambiguous (a slur, a first-person threat, a method of suicide).
import { MODERATION_CATEGORIES, type ModerationCategory, type ModerationVerdict } from '../../ports/moderator.ts';
import { CHILD_ACCESS_RULES } from './child-access-rules.ts';
import { CONTENT_RULES } from './content-rules.ts';
import { normalise } from './normalise.ts';
import { OTHER_LANGUAGE_RULES } from './other-language-rules.ts';
import { PERSON_RULES } from './person-rules.ts';
import { PLACE_RULES } from './place-rules.ts';
import type { Rule } from './rule.ts';
import { LITERAL } from './vocabulary.ts';

/** A category is flagged when its matched weights add up to this. */
export const FLAG_THRESHOLD = 1;

const RULES: readonly Rule[] = [
  ...PERSON_RULES,
  ...CONTENT_RULES,
  ...OTHER_LANGUAGE_RULES,
  ...PLACE_RULES,
  ...CHILD_ACCESS_RULES,
];
const LITERAL_PATTERN = new RegExp(LITERAL);

export function scoreText(text: string): Record<ModerationCategory, number> {
  const normalised = normalise(text);
  const scores = Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, 0])) as Record<
    ModerationCategory,
    number
  >;
  // "For real", "the exact steps": the frame (a novel, "if a user asks") no longer softens anything.
  const softenable = !LITERAL_PATTERN.test(normalised);
  for (const rule of RULES) {
    if ((rule.weight > 0 || softenable) && (rule.gate?.test(normalised) ?? true) && rule.pattern.test(normalised))
      scores[rule.category] += rule.weight;
  }
  return scores;
}

/** The rules' verdict alone. */
export function classify(text: string): ModerationVerdict {
  const scores = scoreText(text);
  const categories = MODERATION_CATEGORIES.filter((category) => scores[category] >= FLAG_THRESHOLD);
  return { flagged: categories.length > 0, categories };
}
