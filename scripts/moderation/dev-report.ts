// What the training script prints about a scorer on the dev split: thresholds per category and
// level, precision/recall at each level, the curve, and recall by category, language and style.
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../src/ports/moderator.ts';
import { STRICTNESS_LEVELS, type Strictness, type Thresholds } from '../../src/providers/moderation/classifier.ts';
import type { Label } from './training-data.ts';

export interface Scored {
  label: Label;
  harm: number;
  category: ModerationCategory;
  /** The hand-written message's style (before any variant suffix), e.g. `medical`, `fr`. */
  style: string;
}

/** No level flags on a harm probability below this, whatever dev allows. */
const MIN_THRESHOLD = 0.5;
/** The share of dev's safe messages the classifier may flag at each level (strict flags more to miss less). */
export const ALLOWED_FALSE_POSITIVES: Record<Strictness, number> = { strict: 0.04, balanced: 0.02, lenient: 0.006 };
/** The styles that name a language (the multilingual training files): every other message is English. */
export const LANGUAGES = ['fr', 'es', 'de', 'pt', 'it', 'nl', 'pl'];

const round = (value: number) => Number(value.toPrecision(5));
const share = (part: number, whole: number) => (whole === 0 ? '-' : (part / whole).toFixed(2));

/** Just above a safe message's score (a small step in log-odds, so a saturated score keeps a margin). */
function justAbove(score: number): number {
  const logit = Math.log(Math.max(score, 1e-9) / Math.max(1 - score, 1e-9));
  return round(Math.max(MIN_THRESHOLD, 1 / (1 + Math.exp(-(logit + 0.05)))));
}

/** Per category and level: the level's budget of dev's safe messages flagged is spent where it buys
 * the most harmful ones. Starting above every safe score, each step lowers the threshold of the
 * category that gains the most harmful messages per safe message admitted (greedy). */
export function chooseThresholds(
  scored: readonly Scored[],
  allowed: Record<Strictness, number> = ALLOWED_FALSE_POSITIVES,
): Thresholds {
  const thresholds = Object.fromEntries(STRICTNESS_LEVELS.map((level) => [level, {}])) as Thresholds;
  const safeCount = scored.filter((s) => s.label === 'safe').length;
  const safe = Object.fromEntries(
    MODERATION_CATEGORIES.map((c) => [
      c,
      scored
        .filter((s) => s.label === 'safe' && s.category === c)
        .map((s) => s.harm)
        .sort((a, b) => b - a),
    ]),
  );
  const harmful = Object.fromEntries(
    MODERATION_CATEGORIES.map((c) => [
      c,
      scored.filter((s) => s.label !== 'safe' && s.category === c).map((s) => s.harm),
    ]),
  );
  const caught = (c: ModerationCategory, admitted: number) => {
    const at = justAbove(safe[c]?.[admitted] ?? 0);
    return (harmful[c] ?? []).filter((h) => h >= at).length;
  };
  for (const level of STRICTNESS_LEVELS) {
    const admitted = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, 0])) as Record<ModerationCategory, number>;
    let budget = Math.floor(allowed[level] * safeCount);
    while (budget > 0) {
      let best: { c: ModerationCategory; more: number; rate: number } | null = null;
      for (const c of MODERATION_CATEGORIES) {
        const now = caught(c, admitted[c]);
        for (let more = 1; more <= budget && admitted[c] + more <= (safe[c]?.length ?? 0); more += 1) {
          const rate = (caught(c, admitted[c] + more) - now) / more;
          if (rate > 0 && (!best || rate > best.rate)) best = { c, more, rate };
        }
      }
      if (!best) break;
      admitted[best.c] += best.more;
      budget -= best.more;
    }
    for (const c of MODERATION_CATEGORIES) thresholds[level][c] = justAbove(safe[c]?.[admitted[c]] ?? 0);
  }
  return thresholds;
}

export interface LevelFigures {
  precision: number;
  recall: number;
  falsePositives: number;
}

export function figures(scored: readonly Scored[], thresholds: Thresholds, level: Strictness): LevelFigures {
  let tp = 0;
  let fp = 0;
  for (const s of scored) {
    if (s.harm < thresholds[level][s.category]) continue;
    if (s.label === 'safe') fp += 1;
    else tp += 1;
  }
  const harmful = scored.filter((s) => s.label !== 'safe').length;
  return {
    precision: tp / Math.max(1, tp + fp),
    recall: tp / Math.max(1, harmful),
    falsePositives: fp / Math.max(1, scored.length - harmful),
  };
}

export function printLevels(name: string, scored: readonly Scored[], thresholds: Thresholds): void {
  for (const level of STRICTNESS_LEVELS) {
    const f = figures(scored, thresholds, level);
    console.log(
      `[${name} dev] ${level.padEnd(8)} precision ${f.precision.toFixed(3)} recall ${f.recall.toFixed(3)} safe flagged ${(100 * f.falsePositives).toFixed(1)}% | ${MODERATION_CATEGORIES.map((c) => `${c} ${thresholds[level][c]}`).join(', ')}`,
    );
  }
  const harmful = scored.filter((s) => s.label !== 'safe').length;
  const curve = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98].map((t) => {
    const tp = scored.filter((s) => s.label !== 'safe' && s.harm >= t).length;
    const fp = scored.filter((s) => s.label === 'safe' && s.harm >= t).length;
    return `${t}: P ${(tp / Math.max(1, tp + fp)).toFixed(3)} R ${(tp / Math.max(1, harmful)).toFixed(3)}`;
  });
  console.log(`[${name} dev] curve ${curve.join(' | ')}`);
}

/** Recall per category and per language, safe messages flagged per language, and the weakest styles, at one level. */
export function printBreakdown(
  name: string,
  scored: readonly Scored[],
  thresholds: Thresholds,
  level: Strictness,
): void {
  const flagged = (s: Scored) => s.harm >= thresholds[level][s.category];
  const english = scored.filter((s) => !LANGUAGES.includes(s.style));
  const perCategory = MODERATION_CATEGORIES.map((c) => {
    const rows = english.filter((s) => s.label === c);
    return `${c} ${share(rows.filter(flagged).length, rows.length)} (${rows.length})`;
  });
  console.log(`[${name} dev ${level}] English recall per category: ${perCategory.join(', ')}`);
  const safeEnglish = english.filter((s) => s.label === 'safe');
  console.log(
    `[${name} dev ${level}] English safe flagged ${safeEnglish.filter(flagged).length}/${safeEnglish.length}`,
  );
  for (const language of LANGUAGES) {
    const rows = scored.filter((s) => s.style === language);
    const harmful = rows.filter((s) => s.label !== 'safe');
    const safe = rows.filter((s) => s.label === 'safe');
    console.log(
      `[${name} dev ${level}] ${language}: harmful flagged ${harmful.filter(flagged).length}/${harmful.length}, safe flagged ${safe.filter(flagged).length}/${safe.length}`,
    );
  }
  const styles = new Map<string, { total: number; hit: number }>();
  for (const s of english.filter((s) => s.label !== 'safe')) {
    const key = `${s.label}/${s.style}`;
    const entry = styles.get(key) ?? { total: 0, hit: 0 };
    entry.total += 1;
    if (flagged(s)) entry.hit += 1;
    styles.set(key, entry);
  }
  const weakest = [...styles]
    .filter(([, e]) => e.total >= 5)
    .sort((a, b) => a[1].hit / a[1].total - b[1].hit / b[1].total)
    .slice(0, 8);
  console.log(
    `[${name} dev ${level}] weakest styles: ${weakest.map(([k, e]) => `${k} ${e.hit}/${e.total}`).join(', ')}`,
  );
}
