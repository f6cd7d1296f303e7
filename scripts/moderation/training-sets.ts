// The hand-written sets of test/fixtures/moderation/ that the moderator's models are trained on,
// named one by one: a new folder never joins training by being there. The independent sets
// (fresh-languages-8 onwards) are not named here, but for those read once each, measured, and then
// trained on: 24 to 28 (round thirty-eight's note) and 29 to 37 (round forty-nine's).
const FIXTURES = new URL('../../test/fixtures/moderation/', import.meta.url);

/** Written as independent sets, read once, then trained on (the five languages' weights and the
 * help reader). */
export const FRESH_SETS: readonly string[] = [
  'fresh-languages',
  'fresh-languages-2',
  'fresh-languages-3',
  'fresh-languages-4',
  'fresh-languages-5',
  'fresh-languages-6',
  'fresh-languages-7',
  'fresh-languages-24',
  'fresh-languages-25',
  'fresh-languages-26',
  'fresh-languages-27',
  'fresh-languages-28',
];

/** Written as independent sets, read once, then trained on by the five languages' model only: the
 * help reader and the English care weights were trained before them (round forty-nine). */
export const BOUNDARY_SETS: readonly string[] = [
  'fresh-languages-29',
  'fresh-languages-30',
  'fresh-languages-31',
  'fresh-languages-32',
  'fresh-languages-33',
  'fresh-languages-34',
  'fresh-languages-35',
  'fresh-languages-36',
  'fresh-languages-37',
];

/** Written as training data, victims and helpers against perpetrators: the help reader reads them,
 * and the language models with the option `seekers` above 0. */
export const HELP_SEEKER_SETS: readonly string[] = ['help-seekers', 'help-seekers-2'];

/** Written as training data for the help reader only (the language models have not been trained
 * with them): the self-harm boundary, first aid and someone close at risk against the means. */
export const READER_ONLY_SETS: readonly string[] = ['help-seekers-3'];

/** Written as training data, ordinary chat to support bots (all honest): the language models read
 * them with the option `everyday` above 0, as *safe*; the combiner and thresholds never. */
export const EVERYDAY_SETS: readonly string[] = ['everyday-chat-train'];

/** Whether messages of this training source may fit the combiner and set a threshold's share:
 * ordinary chat (source `everyday`) trains the language model only, so the shares mean what they
 * meant before it. */
export const judgesThresholds = (source: string): boolean => source !== 'everyday';

/** The written sets a model trained with these options reads. */
export function writtenSetsOf(options: { fresh: number; seekers: number; everyday: number }): readonly string[] {
  return [
    ...(options.fresh > 0 ? [...FRESH_SETS, ...BOUNDARY_SETS] : []),
    ...(options.seekers > 0 ? HELP_SEEKER_SETS : []),
    ...(options.everyday > 0 ? EVERYDAY_SETS : []),
  ];
}

/** The sets whose harmful requests train the privacy reader (help-reader-training.ts): the help
 * reader's training sets before round sixty. */
export const PRIVACY_REQUEST_SETS: readonly string[] = [...FRESH_SETS, ...HELP_SEEKER_SETS, ...READER_ONLY_SETS];

/** Written as independent sets, read once each (rounds forty-nine to fifty-four), then trained on by
 * the help reader only (round sixty): the boundary sets, the six-language sets 38–44 and 47 and the
 * English sets 45, 46 and 48–50. The fifty-first onwards stay a guard. */
export const READ_FOR_READER_SETS: readonly string[] = [
  ...BOUNDARY_SETS,
  ...[38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50].map((n) => `fresh-languages-${n}`),
];

/** Every set the help reader (help-reader-training.ts) is trained on; leave-one-set-out.ts leaves
 * out in turn these and the boundary sets. */
export const TRAINING_SETS: readonly string[] = [...PRIVACY_REQUEST_SETS, ...READ_FOR_READER_SETS];

export const freshSetUrl = (set: string): URL => new URL(`${set}/`, FIXTURES);
