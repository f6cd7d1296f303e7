// `npm run bench -- ingest`: PDF pages extracted per second (unpdf, real PDFs of this machine and
// the fixtures) and passages embedded per second by the offline model, with 1 and 2 workers; then
// the same passages through the ingestion queue with 1 and 2+ consuming processes (ingest-cluster.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { extractFile } from '../src/ingestion/extract/extract-file.ts';
import { chunkSections } from '../src/text/chunk-sections.ts';
import { createLocalEmbedder } from '../src/providers/embedding/local-embedder.ts';
import { benchIngestCluster } from './ingest-cluster.ts';
import { processCpuSeconds } from './process-cpu.ts';

const PDFS = [
  '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
  '/usr/share/doc/libtasn1-doc/libtasn1.pdf',
  join(import.meta.dirname, '../test/fixtures/files/lighthouses.pdf'),
].filter((path) => existsSync(path));

export async function benchIngest(): Promise<void> {
  const passages: string[] = [];
  let pages = 0;
  let extractMs = 0;
  for (const path of PDFS) {
    const bytes = readFileSync(path);
    const started = performance.now();
    const extracted = await extractFile({ bytes, filename: path.split('/').pop() ?? 'file.pdf' });
    extractMs += performance.now() - started;
    pages += new Set(extracted.sections.map((section) => section.page)).size;
    passages.push(...chunkSections(extracted.sections).map((chunk) => chunk.content));
  }
  console.log(
    `PDF extraction: ${pages} pages from ${PDFS.length} files in ${extractMs.toFixed(0)} ms → ${((pages / extractMs) * 1000).toFixed(1)} pages/s`,
  );
  const sample = passages.slice(0, 256);
  const averageWords = sample.reduce((sum, text) => sum + text.split(/\s+/).length, 0) / sample.length;
  for (const workers of [1, 2]) {
    const embedder = createLocalEmbedder({ workers });
    await embedder.embed(['warm up the model in every worker', 'second warm-up passage', 'third', 'fourth']);
    const started = performance.now();
    const cpuBefore = processCpuSeconds(process.pid);
    await embedder.embed(sample);
    const seconds = (performance.now() - started) / 1000;
    // This process's CPU (its embedding threads included): the per-core rate, whatever else runs.
    const cpu = processCpuSeconds(process.pid) - cpuBefore;
    console.log(
      `embedding (${workers} worker${workers > 1 ? 's' : ''}): ${sample.length} passages of ~${averageWords.toFixed(0)} words in ${seconds.toFixed(1)} s → ${(sample.length / seconds).toFixed(1)} chunks/s; ` +
        `${cpu.toFixed(1)} CPU s → ${(sample.length / cpu).toFixed(1)} chunks per CPU second (load average ${loadavg()[0]?.toFixed(1)})`,
    );
    await embedder.close();
  }
  await benchIngestCluster(passages);
}
