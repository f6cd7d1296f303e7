// The suite runner behind `npm test`: node:test's own runner over every `*.test.ts` file, one more
// file at a time than the machine has cores (TEST_CONCURRENCY overrides), the slowest files first.
// `node --test` sorts its files by name, which left the longest ones (test/quality/…) to run alone
// at the end of a 2-core run; it also ran every other `.ts` file under test/ (the support modules)
// as a test file of its own. Longest first keeps the cores busy to the end. Output and exit status are `node --test`'s: the spec reporter, non-zero on a failure.
// The PostgreSQL pass (COLLOQUY_TEST_BACKEND=postgres) of a whole run leaves out the files that
// cannot depend on the engine, which the SQLite pass already ran: scripts/engine-files.ts says which.
import { globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { engineFiles } from './engine-files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Seconds each file's tests took in the last run that included it, per engine, as the runner wrote
// them at the end of that run (commit the file after a full run to keep the order current). The
// run starts the longest first on its engine; a file not listed counts as 0 and runs after, by name.
type Engine = 'sqlite' | 'postgres';
type Times = Record<string, Partial<Record<Engine, number>>>;
const TIMES_FILE = join(ROOT, 'test', 'test-times.json');
const readTimes = (): Times => {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8')) as Times;
  } catch {
    return {};
  }
};

// Files named on the command line narrow the run (`node scripts/run-tests.ts test/a.test.ts …`).
const repoPath = (file: string) => relative(ROOT, resolve(ROOT, file)).split(sep).join('/');
const named = process.argv.slice(2).map(repoPath);
const all = named.length > 0 ? named : globSync(['src/**/*.test.ts', 'test/**/*.test.ts'], { cwd: ROOT }).sort();
const engine: Engine = process.env.COLLOQUY_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
const times = readTimes();
const seconds = (file: string) => times[file]?.[engine] ?? 0;
// Files named on the command line run whatever they depend on.
const { engine: engineRun, independent } =
  engine === 'postgres' && named.length === 0 ? engineFiles(ROOT, all) : { engine: all, independent: [] };
if (independent.length > 0)
  process.stdout.write(
    `PostgreSQL pass: ${engineRun.length} of ${all.length} files; ${independent.length} left out, as neither they nor ` +
      `anything they import read COLLOQUY_TEST_BACKEND (the same tests as in the SQLite pass)\n`,
  );
const files = engineRun.sort((a, b) => seconds(b) - seconds(a)).map((file) => join(ROOT, file));

// V8's compile cache for every process the suite starts (test files, servers, CLI runs): each
// spawned `node src/…` then skips recompiling the same modules. Kept under .tmp/ (gitignored).
process.env.NODE_COMPILE_CACHE ??= join(ROOT, '.tmp', 'node-compile-cache');
mkdirSync(process.env.NODE_COMPILE_CACHE, { recursive: true });

// Files wait on the processes and servers they start, so one file more than the cores keeps them
// busy: on 2 cores, three at a time ran the SQLite pass's files in 697 s at 183% CPU, against about
// 800 s at two.
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism() + 1;
const stream = run({ files, concurrency, cwd: ROOT });
stream.on('test:summary', (summary) => {
  if (!summary.success) process.exitCode = 1;
});

// Each file's tests added up, printed after the results: where the suite's time goes.
const perFile = new Map<string, number>();
const addTime = (event: { nesting: number; file?: string; details: { duration_ms: number } }) =>
  event.nesting === 0 &&
  event.file &&
  perFile.set(event.file, (perFile.get(event.file) ?? 0) + event.details.duration_ms);
stream.on('test:pass', addTime);
stream.on('test:fail', addTime);
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', () => {
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 15);
  process.stdout.write(
    `slowest files (their tests' time added up):\n${slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.slice(ROOT.length)}`).join('\n')}\n`,
  );
  writeTimes();
});

/** This run's seconds go into the engine's column of test/test-times.json, read again from disk so
 * a run on the other engine meanwhile is kept. A whole run also drops the files that are gone. */
function writeTimes(): void {
  const merged = readTimes();
  if (named.length === 0) for (const file of Object.keys(merged)) if (!all.includes(file)) delete merged[file];
  for (const file of independent) if (merged[file]) delete merged[file][engine];
  for (const [file, ms] of perFile)
    merged[repoPath(file)] = { ...merged[repoPath(file)], [engine]: Math.round(ms / 1000) };
  const lines = Object.entries(merged)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([file, { sqlite, postgres }]) =>
        `  ${JSON.stringify(file)}: ${JSON.stringify({ sqlite, postgres }).replaceAll(',', ', ').replaceAll(':', ': ')}`,
    );
  writeFileSync(TIMES_FILE, `{\n${lines.join(',\n')}\n}\n`);
}
