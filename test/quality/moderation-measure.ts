// Measuring a moderator on a labelled set: overall precision and recall (blocked vs harmful), safe
// messages blocked, and per category the share of its messages blocked and named right.
import { MODERATION_CATEGORIES, type ModerationCategory, type ModerationVerdict } from '../../src/ports/moderator.ts';

export type Label = 'safe' | ModerationCategory;

export interface Labelled {
  text: string;
  label: Label;
  /** Earlier user messages of the conversation, oldest first. */
  earlier?: string[];
  style?: string;
  lang?: string;
}

export interface Measure {
  tp: number;
  fp: number;
  fn: number;
  safe: number;
  perCategory: Record<ModerationCategory, { total: number; blocked: number; named: number }>;
  mistakes: string[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
export const precision = (m: Measure) => ratio(m.tp, m.tp + m.fp);
export const recall = (m: Measure) => ratio(m.tp, m.tp + m.fn);
export const falsePositiveRate = (m: Measure) => ratio(m.fp, m.safe);

export function measure(messages: readonly Labelled[], verdicts: readonly ModerationVerdict[]): Measure {
  const m: Measure = {
    tp: 0,
    fp: 0,
    fn: 0,
    safe: 0,
    perCategory: Object.fromEntries(
      MODERATION_CATEGORIES.map((c) => [c, { total: 0, blocked: 0, named: 0 }]),
    ) as Measure['perCategory'],
    mistakes: [],
  };
  messages.forEach((message, i) => {
    const verdict = verdicts[i] as ModerationVerdict;
    const harmful = message.label !== 'safe';
    if (!harmful) m.safe += 1;
    if (verdict.flagged && harmful) m.tp += 1;
    else if (verdict.flagged) m.fp += 1;
    else if (harmful) m.fn += 1;
    if (message.label !== 'safe') {
      const c = m.perCategory[message.label];
      c.total += 1;
      if (verdict.flagged) c.blocked += 1;
      if (verdict.categories.includes(message.label)) c.named += 1;
    }
    if (verdict.flagged !== harmful)
      m.mistakes.push(
        `${harmful ? 'missed' : 'blocked'} [${message.label}${message.style ? `/${message.style}` : ''}${verdict.flagged ? ` as ${verdict.categories.join(',')}` : ''}] ${message.earlier?.length ? `${message.earlier.join(' >> ')} >> ` : ''}${message.text}`,
      );
  });
  return m;
}

export function describe(m: Measure): string[] {
  const categories = MODERATION_CATEGORIES.map(
    (c) => `${c} ${ratio(m.perCategory[c].blocked, m.perCategory[c].total).toFixed(2)}`,
  ).join(', ');
  return [
    `precision ${precision(m).toFixed(3)} recall ${recall(m).toFixed(3)} (${m.tp}/${m.tp + m.fn}) safe blocked ${m.fp}/${m.safe} (${(100 * falsePositiveRate(m)).toFixed(1)}%)`,
    `recall per category: ${categories}; category named right ${MODERATION_CATEGORIES.reduce((sum, c) => sum + m.perCategory[c].named, 0)}/${m.tp}`,
  ];
}
