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

const MESSAGES = JSON.parse(readFileSync(new URL('../fixtures/moderation/messages.json', import.meta.url), 'utf8')) as LabelledMessage[];

// Measured on the test split when these were set: precision 1.000 (0 of 124 safe blocked), recall
// 0.963 (77 of 80). The floors fail at a third wrongly blocked message or a third extra miss.
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
function measure(messages: LabelledMessage[]) {
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
