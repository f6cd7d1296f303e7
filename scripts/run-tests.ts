// The suite runner behind `npm test`: node:test's own runner over every `*.test.ts` file, two files
// at a time, the slowest files first. `node --test` sorts its files by name, which left the longest
// ones (test/quality/…) to run alone at the end of a 2-core run; it also ran every other `.ts` file
// under test/ (the support modules) as a test file of its own. Longest first keeps both cores busy
// to the end. Output and exit status are `node --test`'s: the spec reporter, non-zero on a failure.
import { globSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Seconds each file's tests took in CI (docs/testing.md, "Test suite time"), on SQLite and on
// PostgreSQL; the run starts the longest first on its engine, then the rest by name. Files over
// ~8 s on either engine; the run prints the slowest files at its end to keep these current.
const SECONDS: Record<string, [sqlite: number, postgres: number]> = {
  'test/quality/retrieval.test.ts': [97, 20],
  'test/integration/webhook-processes.test.ts': [56, 94],
  'test/integration/cli.test.ts': [55, 60],
  'test/integration/ingestion-queue.test.ts': [0, 40],
  'test/e2e/console.test.ts': [31, 38],
  'test/integration/cluster.test.ts': [0, 31],
  'test/integration/outages.test.ts': [6, 31],
  'test/quality/moderation.test.ts': [25, 0],
  'test/integration/server-process.test.ts': [25, 14],
  'test/contract/knowledge.test.ts': [23, 25],
  'test/quality/retrieval-other-model.test.ts': [20, 0],
  'test/integration/readme-quickstart.test.ts': [12, 20],
  'test/integration/shared-rate-limit.test.ts': [10, 19],
  'test/e2e/console-insights.test.ts': [14, 19],
  'test/contract/upload-work.test.ts': [13, 17],
  'test/integration/workers.test.ts': [12, 16],
  'test/integration/shutdown-grace.test.ts': [10, 16],
  'test/integration/key-revocation.test.ts': [14, 13],
  'test/integration/search-crash.test.ts': [8, 14],
  'test/integration/sites-cli.test.ts': [8, 14],
  'test/integration/npm-start.test.ts': [12, 0],
  'test/contract/security-matrix.test.ts': [7, 11],
  'test/quality/search-ranking.test.ts': [9, 10],
  'test/contract/openapi-documents.test.ts': [9, 0],
};

// Files named on the command line narrow the run (`node scripts/run-tests.ts test/a.test.ts …`).
const named = process.argv.slice(2);
const all = named.length > 0 ? named : globSync(['src/**/*.test.ts', 'test/**/*.test.ts'], { cwd: ROOT }).sort();
const engine = process.env.COLLOQUY_TEST_BACKEND === 'postgres' ? 1 : 0;
const seconds = (file: string) => SECONDS[file]?.[engine] ?? 0;
const files = all.sort((a, b) => seconds(b) - seconds(a)).map((file) => join(ROOT, file));

// V8's compile cache for every process the suite starts (test files, servers, CLI runs): each
// spawned `node src/…` then skips recompiling the same modules. Kept under .tmp/ (gitignored).
process.env.NODE_COMPILE_CACHE ??= join(ROOT, '.tmp', 'node-compile-cache');
mkdirSync(process.env.NODE_COMPILE_CACHE, { recursive: true });

const stream = run({ files, concurrency: 2, cwd: ROOT });
stream.on('test:summary', (summary) => {
  if (!summary.success) process.exitCode = 1;
});

// Each file's tests added up, printed after the results: where the suite's time goes.
const perFile = new Map<string, number>();
const addTime = (event: { nesting: number; file?: string; details: { duration_ms: number } }) => event.nesting === 0 && event.file && perFile.set(event.file, (perFile.get(event.file) ?? 0) + event.details.duration_ms);
stream.on('test:pass', addTime);
stream.on('test:fail', addTime);
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', () => {
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 15);
  process.stdout.write(`slowest files (their tests' time added up):\n${slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.slice(ROOT.length)}`).join('\n')}\n`);
});
