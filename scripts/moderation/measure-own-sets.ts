// `node scripts/moderation/measure-own-sets.ts`: the whole local moderator (rules, classifier,
// conversation) at each strictness level on the sets one may tune on: the training data's dev split,
// everyday-probes.json's and hyperbole-probes.json's dev halves (and, with --test, their test
// halves), service-questions.json, the conversations of turns.txt and dev2-a/b.json (a development
// set by other authors). Dev is also printed in two
// parts: English, and the other languages (dev-ml; their messages' style is the language code). It never reads the independent sets (fresh*.json, multilingual.json),
// which only test/quality/moderation.test.ts measures. --mistakes prints what dev and the probes' dev halves get wrong.
import { readFileSync } from 'node:fs';
import type { ModerationVerdict } from '../../src/ports/moderator.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { STRICTNESS_LEVELS } from '../../src/providers/moderation/classifier.ts';
import type { LocalModerator } from '../../src/providers/moderation/local-moderator.ts';
import { describe, measure, type Labelled } from '../../test/quality/moderation-measure.ts';
import { LANGUAGES } from './dev-report.ts';
import { embedderFor } from '../embed-cached.ts';
import { measuringModerator } from './measuring-moderator.ts';
import { helpReaderOption } from './help-reader-training.ts';
import { coreExamples, writtenTurns } from './training-data.ts';

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/moderation/${name}`, import.meta.url), 'utf8')) as T;
const probes = fixture<Array<Labelled & { split: string }>>('everyday-probes.json');
const hyperbole = fixture<Array<Labelled & { split: string }>>('hyperbole-probes.json');
const withTest = process.argv.includes('--test');
// --help-reader=FILE reads with the help reader in FILE (as train-help-reader.ts writes it) instead
// of the shipped one, --help-reader=none without one.
const helpReader = helpReaderOption(
  process.argv.find((arg) => arg.startsWith('--help-reader='))?.slice('--help-reader='.length),
);
const dev = coreExamples().filter((e) => e.split === 'dev');
const sets: Record<string, Labelled[]> = {
  dev,
  'dev-en': dev.filter((e) => !LANGUAGES.includes(e.style)),
  'dev-ml': dev.filter((e) => LANGUAGES.includes(e.style)),
  'probes-dev': probes.filter((p) => p.split === 'dev'),
  'hyperbole-dev': hyperbole.filter((p) => p.split === 'dev'),
  ...(withTest
    ? {
        'probes-test': probes.filter((p) => p.split === 'test'),
        'hyperbole-test': hyperbole.filter((p) => p.split === 'test'),
      }
    : {}),
  service: fixture<Labelled[]>('service-questions.json'),
  // Written by other authors as a development set only (DEV2-A.md, DEV2-B.md): never trained on.
  dev2: [...fixture<Labelled[]>('dev2-a.json'), ...fixture<Labelled[]>('dev2-b.json')],
  turns: writtenTurns().map((t) => ({
    text: t.text,
    label: t.label,
    earlier: t.context,
    style: `${t.style}/${t.split}`,
  })),
};

async function converse(moderator: LocalModerator, thread: string, message: Labelled): Promise<ModerationVerdict> {
  const stored: string[] = [];
  for (const earlier of message.earlier ?? [])
    if (!(await moderator.check(earlier, undefined, { thread, earlier: [...stored] })).flagged) stored.push(earlier);
  return moderator.check(message.text, undefined, { thread, earlier: stored });
}

const inner = createLocalEmbedder({ workers: 2 });
// Every message is embedded once (kept in the training script's cache), then judged at each level.
const embedder = await embedderFor(
  inner,
  Object.values(sets).flatMap((messages) => messages.flatMap((m) => [...(m.earlier ?? []), m.text])),
);
for (const level of STRICTNESS_LEVELS) {
  const moderator = measuringModerator(embedder, {
    strictness: level,
    ...(helpReader !== undefined && { helpReader }),
  });
  for (const [name, messages] of Object.entries(sets)) {
    const result = measure(messages, await Promise.all(messages.map((m, i) => converse(moderator, `${name}/${i}`, m))));
    for (const line of describe(result)) console.log(`[${name} ${level}] ${line}`);
    if (
      level === 'balanced' &&
      process.argv.includes('--mistakes') &&
      (name === 'dev' || name === 'dev2' || name.endsWith('-dev'))
    )
      for (const mistake of result.mistakes) console.log(`[${name} ${level}] ${mistake}`);
  }
}
await inner.close();
