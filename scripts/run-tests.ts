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

// Measured in CI (docs/testing.md, "Test suite time"), longest first; a file missing here runs
// after these, by name. Keep it to the files over ~10 s on either engine.
const SLOWEST = [
  'test/quality/retrieval.test.ts',
  'test/integration/webhook-processes.test.ts',
  'test/integration/cli.test.ts',
  'test/integration/ingestion-queue.test.ts',
  'test/e2e/console.test.ts',
  'test/integration/server-process.test.ts',
  'test/integration/cluster.test.ts',
  'test/integration/outages.test.ts',
  'test/quality/retrieval-other-model.test.ts',
  'test/quality/moderation.test.ts',
  'test/contract/knowledge.test.ts',
  'test/integration/shared-rate-limit.test.ts',
  'test/integration/readme-quickstart.test.ts',
  'test/e2e/console-insights.test.ts',
  'test/contract/upload-work.test.ts',
  'test/integration/workers.test.ts',
  'test/integration/shutdown-grace.test.ts',
  'test/integration/key-revocation.test.ts',
  'test/integration/search-crash.test.ts',
  'test/integration/sites-cli.test.ts',
  'test/integration/npm-start.test.ts',
];

// Files named on the command line narrow the run (`node scripts/run-tests.ts test/a.test.ts …`).
const named = process.argv.slice(2);
const all = named.length > 0 ? named : globSync(['src/**/*.test.ts', 'test/**/*.test.ts'], { cwd: ROOT }).sort();
const rank = (file: string) => (SLOWEST.includes(file) ? SLOWEST.indexOf(file) : SLOWEST.length);
const files = all.sort((a, b) => rank(a) - rank(b)).map((file) => join(ROOT, file));

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
stream.on('test:pass', (event) => event.nesting === 0 && event.file && perFile.set(event.file, (perFile.get(event.file) ?? 0) + event.details.duration_ms));
stream.on('test:fail', (event) => event.nesting === 0 && event.file && perFile.set(event.file, (perFile.get(event.file) ?? 0) + event.details.duration_ms));
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', () => {
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 15);
  process.stdout.write(`slowest files (their tests' time added up):\n${slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.slice(ROOT.length)}`).join('\n')}\n`);
});
