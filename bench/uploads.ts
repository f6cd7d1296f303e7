// `npm run bench -- uploads`: 100 concurrent uploads against a real server process, measuring the
// process's peak RSS (worker threads included), its RSS once the burst is over, and /ping latency
// during the burst. Clients honour 503 + Retry-After and send again, so every upload ends indexed.
// Two runs: small text files with the offline embedder, then real PDFs with an instant stand-in
// embeddings endpoint (so the run measures extraction and queueing, not the model's speed).
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from '../test/support/processes.ts';
import { percentile } from './search.ts';

const UPLOADS = 100;
const PDFS = [
  '/usr/share/doc/libtasn1-doc/libtasn1.pdf',
  '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
  join(import.meta.dirname, '../test/fixtures/files/lighthouses.pdf'),
].filter((path) => existsSync(path));

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** An OpenAI-compatible embeddings endpoint answering at once with small fixed vectors. */
async function startInstantEmbeddings(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const input = (JSON.parse(body) as { input: string[] }).input;
      const data = input.map((text, index) => ({
        index,
        embedding: Array.from({ length: 64 }, (_, d) => ((text.length * (d + 1)) % 17) / 17 + 0.01),
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function uploadUntilAccepted(
  server: ServerProcess,
  key: string,
  agentId: string,
  file: { bytes: Uint8Array; name: string },
): Promise<{ status: number; busy: number }> {
  let busy = 0;
  for (;;) {
    const form = new FormData();
    form.append('file', new Blob([file.bytes]), file.name);
    const response = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 503 || busy >= 50) return { status: response.status, busy };
    busy += 1;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
  }
}

async function run(
  label: string,
  files: Array<{ bytes: Uint8Array; name: string }>,
  embeddings: Record<string, unknown>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-bench-uploads-'));
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ plans: { business: { requestsPerMinute: 1_000_000, storageLimit: 1_000_000_000 } }, embeddings }),
  );
  const env = {
    DATA_DIR: dir,
    COLLOQUY_CONFIG: join(dir, 'config.json'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL,
    // As `npm start` runs it (on PostgreSQL, one HTTP worker per core).
    WORKERS: process.env.WORKERS,
  };
  const server = await startServerProcess(env);
  const pid = server.child.pid as number;
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    const key: string = quick.json.key.key;
    const agentId: string = quick.json.agent.id;
    const idleRss = rssMb(pid, 'VmRSS');
    let peak = idleRss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid, 'VmRSS'))), 50);
    const pings: number[] = [];
    let bursting = true;
    const pinger = (async () => {
      while (bursting && server.child.exitCode === null) {
        const started = performance.now();
        const ok = await fetch(`${server.baseUrl}/api/v1/ping`).then(
          (response) => response.arrayBuffer().then(() => true),
          () => false,
        );
        if (!ok) break;
        pings.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const results = await Promise.all(files.map((file) => uploadUntilAccepted(server, key, agentId, file)));
    const seconds = (performance.now() - started) / 1000;
    bursting = false;
    await pinger;
    clearInterval(sampler);
    // Idle extraction threads end after 10 s; give them that and a little more.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const after = rssMb(pid, 'VmRSS');
    const statuses = results.reduce<Record<number, number>>(
      (counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }),
      {},
    );
    const retries = results.reduce((sum, r) => sum + r.busy, 0);
    console.log(
      `${label}: ${files.length} concurrent uploads in ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}, ${retries} 503s retried after Retry-After`,
    );
    console.log(
      `  RSS: idle ${idleRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (kernel high-water ${rssMb(pid, 'VmHWM').toFixed(0)} MB), 12 s after the burst ${after.toFixed(0)} MB`,
    );
    console.log(
      `  /ping during the burst: ${pings.length} samples, p50 ${percentile(pings, 50).toFixed(1)} ms, p99 ${percentile(pings, 99).toFixed(1)} ms, max ${Math.max(...pings).toFixed(1)} ms`,
    );
  } catch (error) {
    console.error(error);
    console.error(
      `${label}: failed (server exit ${server.child.exitCode} signal ${server.child.signalCode}); it said:\n${server
        .output()
        .split('\n')
        .filter((line) => !line.includes('as many files'))
        .slice(-30)
        .join('\n')}`,
    );
    throw error;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchUploads(): Promise<void> {
  const small = Array.from({ length: UPLOADS }, (_, i) => ({
    name: `note-${i}.txt`,
    bytes: new TextEncoder().encode(`Note ${i}. ${'Boats are stored in the yard from November to March. '.repeat(30)}`),
  }));
  if (!process.env.BENCH_UPLOADS_PDF_ONLY)
    await run('small text files, offline embedder', small, { provider: 'local' });
  const pdfs = Array.from({ length: UPLOADS }, (_, i) => {
    const path = PDFS[i % PDFS.length] as string;
    return { name: `doc-${i}.pdf`, bytes: readFileSync(path) };
  });
  const embeddings = await startInstantEmbeddings();
  try {
    await run(
      `PDFs (${PDFS.map((path) => `${Math.round(readFileSync(path).byteLength / 1024)} KB`).join(', ')}), instant embeddings endpoint`,
      pdfs,
      { provider: 'openai', baseUrl: embeddings.url, model: 'instant', dimension: 64 },
    );
  } finally {
    await embeddings.close();
  }
}
