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
const ALLOWED_FALSE_POSITIVES: Record<Strictness, number> = { strict: 0.04, balanced: 0.02, lenient: 0.006 };
export const LANGUAGES = ['fr', 'es', 'de', 'pt'];

const round = (value: number) => Number(value.toPrecision(5));
const share = (part: number, whole: number) => (whole === 0 ? '-' : (part / whole).toFixed(2));

/** Per category, the lowest threshold that flags at most the level's share of dev's safe rows that
 * look like that category (each level's share is split evenly over the six categories). */
export function chooseThresholds(scored: readonly Scored[]): Thresholds {
  const thresholds = Object.fromEntries(STRICTNESS_LEVELS.map((level) => [level, {}])) as Thresholds;
  const safeCount = scored.filter((s) => s.label === 'safe').length;
  for (const category of MODERATION_CATEGORIES) {
    const safe = scored.filter((s) => s.label === 'safe' && s.category === category).map((s) => s.harm).sort((a, b) => b - a);
    for (const level of STRICTNESS_LEVELS) {
      const allowed = Math.floor((ALLOWED_FALSE_POSITIVES[level] * safeCount) / MODERATION_CATEGORIES.length);
      thresholds[level][category] = round(Math.min(0.99, Math.max(MIN_THRESHOLD, (safe[allowed] ?? 0) + 0.005)));
    }
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
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, harmful), falsePositives: fp / Math.max(1, scored.length - harmful) };
}

export function printLevels(name: string, scored: readonly Scored[], thresholds: Thresholds): void {
  for (const level of STRICTNESS_LEVELS) {
    const f = figures(scored, thresholds, level);
    console.log(`[${name} dev] ${level.padEnd(8)} precision ${f.precision.toFixed(3)} recall ${f.recall.toFixed(3)} safe flagged ${(100 * f.falsePositives).toFixed(1)}% | ${MODERATION_CATEGORIES.map((c) => `${c} ${thresholds[level][c]}`).join(', ')}`);
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
export function printBreakdown(name: string, scored: readonly Scored[], thresholds: Thresholds, level: Strictness): void {
  const flagged = (s: Scored) => s.harm >= thresholds[level][s.category];
  const english = scored.filter((s) => !LANGUAGES.includes(s.style));
  const perCategory = MODERATION_CATEGORIES.map((c) => {
    const rows = english.filter((s) => s.label === c);
    return `${c} ${share(rows.filter(flagged).length, rows.length)} (${rows.length})`;
  });
  console.log(`[${name} dev ${level}] English recall per category: ${perCategory.join(', ')}`);
  const safeEnglish = english.filter((s) => s.label === 'safe');
  console.log(`[${name} dev ${level}] English safe flagged ${safeEnglish.filter(flagged).length}/${safeEnglish.length}`);
  for (const language of LANGUAGES) {
    const rows = scored.filter((s) => s.style === language);
    const harmful = rows.filter((s) => s.label !== 'safe');
    const safe = rows.filter((s) => s.label === 'safe');
    console.log(`[${name} dev ${level}] ${language}: harmful flagged ${harmful.filter(flagged).length}/${harmful.length}, safe flagged ${safe.filter(flagged).length}/${safe.length}`);
  }
  const styles = new Map<string, { total: number; hit: number }>();
  for (const s of english.filter((s) => s.label !== 'safe')) {
    const key = `${s.label}/${s.style}`;
    const entry = styles.get(key) ?? { total: 0, hit: 0 };
    entry.total += 1;
    if (flagged(s)) entry.hit += 1;
    styles.set(key, entry);
  }
  const weakest = [...styles].filter(([, e]) => e.total >= 5).sort((a, b) => a[1].hit / a[1].total - b[1].hit / b[1].total).slice(0, 8);
  console.log(`[${name} dev ${level}] weakest styles: ${weakest.map(([k, e]) => `${k} ${e.hit}/${e.total}`).join(', ')}`);
}
