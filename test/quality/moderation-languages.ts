// Per-language sets for the moderator: what share of harmful requests it refuses, of honest
// messages it refuses, of support-seeking and distress messages it refuses (they must pass), and
// how many of those it answers with care. Two file formats are read from a folder, one file a
// language (`fr.json`, …; the language is the file's name):
// - `{"lang": "fr", "messages": [{"text", "label", "kind", "split"}]}`, label one of the six
//   categories, "distress" or "safe" (test/fixtures/moderation/languages/);
// - `[{"text", "harmful", "category", "kind"}]`, category null or absent when not harmful.
// Messages whose split is "independent" are never returned: they are kept for one read elsewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory, type ModerationVerdict } from '../../src/ports/moderator.ts';
import type { Label } from './moderation-measure.ts';

export interface LanguageMessage {
  text: string;
  lang: string;
  /** The category to refuse it in, or "safe" (distress included: it must pass). */
  label: Label;
  kind: string;
  distress: boolean;
  split: string;
}

export const LANGUAGES_DIR = new URL('../fixtures/moderation/languages/', import.meta.url);

interface WrittenMessage {
  text: string;
  label?: string;
  harmful?: boolean;
  category?: string | null;
  kind?: string;
  split?: string;
}

function labelOf(message: WrittenMessage): Label {
  const category = message.label ?? (message.harmful ? message.category : 'safe');
  if (category === 'safe' || category === 'distress' || category === undefined || category === null) return 'safe';
  if (!(MODERATION_CATEGORIES as readonly string[]).includes(category)) throw new Error(`unknown label ${category}`);
  return category as ModerationCategory;
}

/** Every `*.json` of `dir`, by language, keeping the splits named (all but "independent" when none). */
export function readLanguageSets(dir: URL = LANGUAGES_DIR, splits?: readonly string[]): Map<string, LanguageMessage[]> {
  const sets = new Map<string, LanguageMessage[]>();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const file of files) {
    const lang = file.replace(/\.json$/, '');
    const parsed = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as
      WrittenMessage[] | { messages: WrittenMessage[] };
    const messages = Array.isArray(parsed) ? parsed : parsed.messages;
    sets.set(
      lang,
      messages
        .filter((m) => m.split !== 'independent' && (!splits || !m.split || splits.includes(m.split)))
        .map((m) => ({
          text: m.text,
          lang,
          label: labelOf(m),
          kind: m.kind ?? (m.label === 'distress' ? 'distress' : ''),
          distress: m.label === 'distress' || m.kind === 'distress',
          split: m.split ?? 'all',
        })),
    );
  }
  return sets;
}

/** A verdict that may carry care: passed, with the agent's help message added to the reply. */
export type CaringVerdict = ModerationVerdict & { care?: boolean };

export interface Count {
  refused: number;
  total: number;
}

export interface LanguageFigures {
  harmful: Count;
  honest: Count;
  support: Count;
  distress: Count;
  /** Support-seeking and distress messages answered with care (not refused, help message added). */
  care: Count;
  /** Honest messages other than support-seeking and distress answered with care. */
  careElsewhere: Count;
  mistakes: string[];
}

const count = (): Count => ({ refused: 0, total: 0 });
const add = (c: Count, refused: boolean) => {
  c.total += 1;
  if (refused) c.refused += 1;
};

export function languageFigures(
  messages: readonly LanguageMessage[],
  verdicts: readonly CaringVerdict[],
): LanguageFigures {
  const figures: LanguageFigures = {
    harmful: count(),
    honest: count(),
    support: count(),
    distress: count(),
    care: count(),
    careElsewhere: count(),
    mistakes: [],
  };
  messages.forEach((message, i) => {
    const verdict = verdicts[i] as CaringVerdict;
    const harmful = message.label !== 'safe';
    add(harmful ? figures.harmful : figures.honest, verdict.flagged);
    const caring = message.distress || message.kind === 'support-seeking';
    if (message.kind === 'support-seeking') add(figures.support, verdict.flagged);
    if (message.distress) add(figures.distress, verdict.flagged);
    if (caring) add(figures.care, verdict.care === true);
    else if (!harmful) add(figures.careElsewhere, verdict.care === true);
    if (verdict.flagged !== harmful)
      figures.mistakes.push(
        `${harmful ? 'missed' : 'refused'} [${message.lang} ${message.label}/${message.kind}${verdict.flagged ? ` as ${verdict.categories.join(',')}` : ''}] ${message.text}`,
      );
  });
  return figures;
}

const show = (c: Count) => `${c.refused}/${c.total}`;

export function describeLanguage(figures: LanguageFigures): string {
  return [
    `harmful refused ${show(figures.harmful)}`,
    `honest refused ${show(figures.honest)}`,
    `support-seeking refused ${show(figures.support)}`,
    `distress refused ${show(figures.distress)}`,
    `care given ${show(figures.care)} (other honest ${show(figures.careElsewhere)})`,
  ].join(', ');
}

/** The figures of several languages added together. */
export function sumFigures(all: readonly LanguageFigures[]): LanguageFigures {
  const total = (pick: (f: LanguageFigures) => Count): Count =>
    all.reduce((sum, f) => ({ refused: sum.refused + pick(f).refused, total: sum.total + pick(f).total }), count());
  return {
    harmful: total((f) => f.harmful),
    honest: total((f) => f.honest),
    support: total((f) => f.support),
    distress: total((f) => f.distress),
    care: total((f) => f.care),
    careElsewhere: total((f) => f.careElsewhere),
    mistakes: all.flatMap((f) => f.mistakes),
  };
}
