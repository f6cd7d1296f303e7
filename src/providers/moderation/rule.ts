import type { ModerationCategory } from '../../ports/moderator.ts';

/** A pattern over normalised text that adds its weight to a category's score when it matches. A
 * category scoring 1 or more is flagged: weight 1 is a clear signal on its own, smaller weights are
 * cues that need company, negative weights are contexts (reporting, fiction) that soften cues. */
export interface Rule {
  category: ModerationCategory;
  weight: number;
  pattern: RegExp;
  /** A cheap pattern that must match before `pattern` is tried: the rare half of a `near()` rule,
   * so hostile text full of the common half ("jews muslims jews …") is not scanned word by word. */
  gate?: RegExp;
}

export const rules = (category: ModerationCategory, list: Array<[number, string] | [number, string, string]>): Rule[] =>
  list.map(([weight, source, gate]) => ({
    category,
    weight,
    pattern: new RegExp(source),
    gate: gate === undefined ? undefined : new RegExp(gate),
  }));
