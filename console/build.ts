// Builds the console into console/dist when its sources changed since the last build (a hash of
// every input is kept in dist/.build-hash). `npm start` runs it first (prestart), and `npm test`
// too, so a fresh clone needs no extra step. Offline: Vite and every UI package come from npm.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { join, relative } from 'node:path';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Quality 10, not the maximum 11: on this console's scripts and styles 11 took more than twice the
 * CPU for copies barely smaller, and 9, though much faster, gave noticeably larger ones. */
const BROTLI_QUALITY = 10;

const CONSOLE_DIR = import.meta.dirname;
const DIST_DIR = join(CONSOLE_DIR, 'dist');
const HASH_FILE = join(DIST_DIR, '.build-hash');
const INPUTS = ['index.html', 'vite.config.ts', 'tsconfig.json', 'src', '../package-lock.json'];

function filesUnder(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true }).flatMap((entry) => filesUnder(join(path, entry.name)));
  } catch {
    return [path]; // not a folder: the file itself
  }
}

function inputHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(CONSOLE_DIR, input))).sort()) {
    hash.update(relative(CONSOLE_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Brotli and gzip copies beside each script and style sheet, sent to browsers that accept them
 * (the server compresses nothing on the fly). All at once: zlib's asynchronous calls run on
 * libuv's thread pool, so the files are compressed in parallel on every core. */
async function compressAssets(): Promise<void> {
  const files = filesUnder(join(DIST_DIR, 'assets')).filter((path) => /\.(js|css)$/.test(path));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      };
      await writeFile(`${file}.br`, await brotli(bytes, { params }));
      await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
    }),
  );
}

export async function buildConsoleIfStale(): Promise<boolean> {
  const wanted = inputHash();
  if (existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === wanted) return false;
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(CONSOLE_DIR, 'vite.config.ts'), logLevel: 'warn' });
  const built = Date.now();
  await compressAssets();
  writeFileSync(HASH_FILE, wanted);
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  const done = Date.now();
  process.stderr.write(
    `console: built into ${relative(process.cwd(), DIST_DIR) || DIST_DIR} in ${seconds(started, done)} (Vite ${seconds(started, built)}, compression ${seconds(built, done)}); later starts reuse it until its sources change\n`,
  );
  return true;
}

if (import.meta.main) {
  await buildConsoleIfStale();
}
