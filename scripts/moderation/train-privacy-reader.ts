// `node scripts/moderation/train-privacy-reader.ts`: trains the privacy reader
// (src/providers/moderation/privacy-reader.ts) on privacy-train/'s questions about one's own privacy
// against the requests for harm of the help reader's training as it was in round fifty-nine
// (privacy-reader-training.ts says which), prints its out-of-fold figures per language and source, and writes
// src/providers/moderation/privacy-reader-weights.json (byte for byte the same from the same data).
// PRIVACY_READER="epochs=40,lift=0.04,…" changes the options (privacy-reader-training.ts's
// privacyReaderOptions); --dry-run writes nothing, --out=FILE writes there instead.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { PRIVACY_READER_URL } from '../../src/providers/moderation/privacy-reader.ts';
import { fitReader, printOutOfFold } from './help-reader-training.ts';
import { choosesPrivacyThreshold, privacyReaderMessages, privacyReaderOptions } from './privacy-reader-training.ts';

const { values } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, out: { type: 'string' } },
});
const options = privacyReaderOptions();
const WEIGHTS = values.out ? pathToFileURL(resolve(values.out)) : PRIVACY_READER_URL;
console.log(`options ${JSON.stringify(options)}`);
const embedder = createLocalEmbedder({ workers: 2 });
const { reader, scored, messages } = await fitReader(
  embedder,
  options,
  privacyReaderMessages(),
  choosesPrivacyThreshold,
);
await embedder.close();
console.log(
  `${messages.length} messages: ${messages.filter((m) => m.positive).length} about one's own privacy, ${messages.filter((m) => !m.positive).length} asking for harm; threshold ${reader.threshold}`,
);
if (reader.thresholds) console.log(`per language ${JSON.stringify(reader.thresholds)}`);
printOutOfFold(scored, reader.threshold);
if (!values['dry-run']) {
  writeFileSync(WEIGHTS, `${JSON.stringify(reader, null, 1)}\n`);
  console.log(`wrote ${WEIGHTS.pathname}`);
}
