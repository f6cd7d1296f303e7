import { readFileSync } from 'node:fs';
import { extractFile } from './src/ingestion/extract/extract-file.ts';
import { chunkSections } from './src/ingestion/chunk/chunk-sections.ts';
import { benchIngestCluster } from './bench/ingest-cluster.ts';
const bytes = readFileSync('/usr/share/doc/libtasn1-doc/libtasn1.pdf');
const extracted = await extractFile({ bytes, filename: 'libtasn1.pdf' });
await benchIngestCluster(chunkSections(extracted.sections).map((c) => c.content));
