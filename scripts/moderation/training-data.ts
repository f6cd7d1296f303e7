// The moderation classifier's training data: the hand-written core in test/fixtures/moderation/train
// (one `style | text` a line per label), the rules' own labelled messages (messages.json's dev split
// and probes.json; messages.json's test split stays out), and reproducible variants of every core
// message (augment.ts). The split is a hash of the core text, so a variant is always in its source's
// split and nothing in dev has a near-copy in train.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../src/ports/moderator.ts';
import { augment } from './augment.ts';

export type Label = 'safe' | ModerationCategory;
export const LABELS: readonly Label[] = ['safe', ...MODERATION_CATEGORIES];
/** The style of continuations.txt's messages, which the follow-up model learns to recognise. */
export const FOLLOW_UP = 'follow-up';

export interface Example {
  text: string;
  label: Label;
  style: string;
  split: 'train' | 'dev';
  /** The hand-written message this one was made from (itself, for a core message). */
  source: string;
}

/** A message with the user's earlier messages of the same conversation (oldest first). */
export interface Turn {
  context: string[];
  text: string;
  label: Label;
  style: string;
  split: 'train' | 'dev';
}

const FIXTURES = new URL('../../test/fixtures/moderation/', import.meta.url);
const TRAIN = new URL('train/', FIXTURES);
/** A quarter of the core goes to dev, where thresholds are chosen. */
const DEV_PERCENT = 25;

export function splitOf(text: string): 'train' | 'dev' {
  const bucket = createHash('sha256').update(text.trim().toLowerCase()).digest().readUInt32BE(0) % 100;
  return bucket < DEV_PERCENT ? 'dev' : 'train';
}

function lines(name: string): string[] {
  return readFileSync(new URL(name, TRAIN), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function styledLines(name: string): Array<{ style: string; text: string }> {
  return lines(name).map((line) => {
    const at = line.indexOf(' | ');
    if (at < 0) throw new Error(`${name}: no "style | text" in: ${line}`);
    return { style: line.slice(0, at).trim(), text: line.slice(at + 3).trim() };
  });
}

/** A label's files: `hate.txt`, then any later rounds such as `hate.round2.txt` or `hate.multilingual.txt`. */
export function labelFiles(label: Label): string[] {
  const extra = readdirSync(TRAIN)
    .filter((name) => name.startsWith(`${label}.`) && name.endsWith('.txt') && name !== `${label}.txt`)
    .sort();
  return [`${label}.txt`, ...extra];
}

/** The hand-written messages and the rules' labelled sets, before augmentation. */
export function coreExamples(): Example[] {
  const examples: Example[] = [];
  for (const label of LABELS) {
    for (const file of labelFiles(label)) {
      for (const { style, text } of styledLines(file))
        examples.push({ text, label, style, split: splitOf(text), source: text });
    }
  }
  const messages = JSON.parse(readFileSync(new URL('messages.json', FIXTURES), 'utf8')) as Array<{
    text: string;
    label: Label;
    split: string;
  }>;
  const probes = JSON.parse(readFileSync(new URL('probes.json', FIXTURES), 'utf8')) as Array<{
    text: string;
    label: Label;
  }>;
  for (const m of [...messages.filter((m) => m.split === 'dev'), ...probes])
    examples.push({ text: m.text, label: m.label, style: 'rules-set', split: splitOf(m.text), source: m.text });
  // Alone, a follow-up ("keep going") is harmless: only the conversation can make it harmful.
  for (const text of continuations())
    examples.push({ text, label: 'safe', style: FOLLOW_UP, split: splitOf(text), source: text });
  const seen = new Set<string>();
  return examples.filter((e) => !seen.has(e.text) && seen.add(e.text));
}

/** The core plus its variants (seeded, so the same data every run). */
export function allExamples(seed = 13): Example[] {
  const core = coreExamples();
  const seen = new Set(core.map((e) => e.text));
  const variants = augment(core, seed).filter((e) => !seen.has(e.text) && seen.add(e.text));
  return [...core, ...variants];
}

export function continuations(): string[] {
  return lines('continuations.txt');
}

/** The hand-written conversations of turns.txt. */
export function writtenTurns(): Turn[] {
  return styledLines('turns.txt').map(({ style: head, text: rest }) => {
    const at = rest.indexOf(' | ');
    const label = head as Label;
    if (!LABELS.includes(label) || at < 0)
      throw new Error(`turns.txt: expected "label | style | earlier >> current": ${head} | ${rest}`);
    const messages = rest
      .slice(at + 3)
      .split(' >> ')
      .map((m) => m.trim());
    const text = messages.pop() as string;
    return {
      context: messages,
      text,
      label,
      style: rest.slice(0, at).trim(),
      split: splitOf(messages.join(' ') + text),
    };
  });
}
