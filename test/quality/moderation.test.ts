// Local moderator quality on the labelled set (test/fixtures/moderation/messages.json): hand-written
// support-chat messages, each safe or one harmful category, split dev/test at random within each
// label before any rule was written. Rules were tuned on dev only; the floors hold on test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../src/ports/moderator.ts';
import { classify } from '../../src/providers/moderation/local-moderator.ts';

interface LabelledMessage {
  text: string;
  label: 'safe' | ModerationCategory;
  split: 'dev' | 'test';
}

// An independent set (test/fixtures/moderation/fresh.json, FRESH.md) written by another author who
// never saw the rules: the honest measure of phrasings nobody tuned for. Never tune on it.
interface FreshMessage {
  text: string;
  label: 'safe' | ModerationCategory;
}
const FRESH = JSON.parse(readFileSync(new URL('../fixtures/moderation/fresh.json', import.meta.url), 'utf8')) as FreshMessage[];
// Measured when set: precision 0.969, recall 0.517 (62 of 120), 2 of 120 safe blocked. The floors
// catch a real regression, not noise.
const FRESH_PRECISION_FLOOR = 0.93;
const FRESH_RECALL_FLOOR = 0.47;

const MESSAGES = JSON.parse(readFileSync(new URL('../fixtures/moderation/messages.json', import.meta.url), 'utf8')) as LabelledMessage[];

// Set when the test split measured precision 1.000 and recall 0.963. After the second round of rules
// it measures 1.000 and 1.000, but its three former misses resembled that round's probes, so the
// gain is not clean: the fresh set below is the honest measure.
const PRECISION_FLOOR = 0.97;
const RECALL_FLOOR = 0.93;

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const precision = (c: Counts) => ratio(c.tp, c.tp + c.fp);
const recall = (c: Counts) => ratio(c.tp, c.tp + c.fn);

/** Overall: flagged vs harmful. Per category: the verdict names the category vs the label is that category. */
function measure(messages: Array<Pick<LabelledMessage, 'text' | 'label'>>) {
  const overall: Counts = { tp: 0, fp: 0, fn: 0 };
  const perCategory = Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, { tp: 0, fp: 0, fn: 0 }])) as Record<ModerationCategory, Counts>;
  const mistakes: string[] = [];
  for (const message of messages) {
    const verdict = classify(message.text);
    const harmful = message.label !== 'safe';
    if (verdict.flagged && harmful) overall.tp += 1;
    else if (verdict.flagged) overall.fp += 1;
    else if (harmful) overall.fn += 1;
    if (verdict.flagged !== harmful) mistakes.push(`${harmful ? 'missed' : 'blocked'} [${message.label}${verdict.flagged ? ` as ${verdict.categories.join(',')}` : ''}] ${message.text}`);
    for (const category of MODERATION_CATEGORIES) {
      const predicted = verdict.categories.includes(category);
      const actual = message.label === category;
      if (predicted && actual) perCategory[category].tp += 1;
      else if (predicted) perCategory[category].fp += 1;
      else if (actual) perCategory[category].fn += 1;
    }
  }
  return { overall, perCategory, mistakes };
}

const format = (c: Counts) => `precision ${precision(c).toFixed(3)} recall ${recall(c).toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;

test('the labelled set has the promised shape', () => {
  assert.ok(MESSAGES.length >= 300, `${MESSAGES.length} messages`);
  assert.ok(MESSAGES.filter((m) => m.label === 'safe').length / MESSAGES.length >= 0.55, 'at least 55% safe');
  for (const category of MODERATION_CATEGORIES) assert.ok(MESSAGES.filter((m) => m.label === category).length >= 20, `${category}: at least 20 examples`);
  for (const m of MESSAGES) assert.ok((m.label === 'safe' || MODERATION_CATEGORIES.includes(m.label)) && (m.split === 'dev' || m.split === 'test'), JSON.stringify(m));
  assert.equal(new Set(MESSAGES.map((m) => m.text)).size, MESSAGES.length, 'no duplicates');
});

test(`the local moderator is precise and catches most harm on the held-out test split (floors: precision ${PRECISION_FLOOR}, recall ${RECALL_FLOOR})`, (t) => {
  const results = { dev: measure(MESSAGES.filter((m) => m.split === 'dev')), test: measure(MESSAGES.filter((m) => m.split === 'test')) };
  for (const [split, result] of Object.entries(results)) {
    t.diagnostic(`[moderation ${split}] overall    ${format(result.overall)}`);
    for (const category of MODERATION_CATEGORIES) t.diagnostic(`[moderation ${split}] ${category.padEnd(10)} ${format(result.perCategory[category])}`);
    for (const mistake of result.mistakes) t.diagnostic(`[moderation ${split}] ${mistake}`);
  }
  assert.ok(precision(results.test.overall) >= PRECISION_FLOOR, `test precision ${precision(results.test.overall)}`);
  assert.ok(recall(results.test.overall) >= RECALL_FLOOR, `test recall ${recall(results.test.overall)}`);
});

test(`on the independent set nobody tuned for, it stays precise (floors: precision ${FRESH_PRECISION_FLOOR}, recall ${FRESH_RECALL_FLOOR})`, (t) => {
  const result = measure(FRESH);
  t.diagnostic(`[moderation fresh] overall    ${format(result.overall)}`);
  for (const category of MODERATION_CATEGORIES) t.diagnostic(`[moderation fresh] ${category.padEnd(10)} ${format(result.perCategory[category])}`);
  for (const mistake of result.mistakes) t.diagnostic(`[moderation fresh] ${mistake}`);
  assert.ok(precision(result.overall) >= FRESH_PRECISION_FLOOR, `fresh precision ${precision(result.overall)}`);
  assert.ok(recall(result.overall) >= FRESH_RECALL_FLOOR, `fresh recall ${recall(result.overall)}`);
});
