// `node scripts/moderation/train-help-reader.ts`: trains the help reader (help-reader-training.ts
// says on what and how) on every training set, prints its out-of-fold figures per language and
// source, and writes src/providers/moderation/help-reader-weights.json (the same messages give the
// same file byte for byte). HELP_READER="bits=16,epochs=20,rate=0.05,l2=0.00001,seed=13,
// lift=0.01,perLanguage=1" changes the options; --dry-run writes nothing, --out=FILE
// writes there instead (a reader to measure with `measure-languages.ts --help-reader=FILE`).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { HELP_READER_URL } from '../../src/providers/moderation/help-reader.ts';
import { fitHelpReader, printOutOfFold, readerOptions } from './help-reader-training.ts';

const { values } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, out: { type: 'string' } },
});
const options = readerOptions();
const WEIGHTS = values.out ? pathToFileURL(resolve(values.out)) : HELP_READER_URL;
console.log(`options ${JSON.stringify(options)}`);
const embedder = createLocalEmbedder({ workers: 2 });
const { reader, scored, messages } = await fitHelpReader(embedder, options);
await embedder.close();
console.log(
  `${messages.length} messages: ${messages.filter((m) => m.positive).length} asking for help or voicing pain, ${messages.filter((m) => !m.positive).length} asking for harm; threshold ${reader.threshold}`,
);
if (reader.thresholds) console.log(`per language ${JSON.stringify(reader.thresholds)}`);
printOutOfFold(scored, reader.threshold);
if (!values['dry-run']) {
  writeFileSync(WEIGHTS, `${JSON.stringify(reader, null, 1)}\n`);
  console.log(`wrote ${WEIGHTS.pathname}`);
}
