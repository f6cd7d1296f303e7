// Builds the console into console/dist when its sources changed since the last build (a hash of
// every input is kept in dist/.build-hash). `npm start` runs it first (prestart), and `npm test`
// too, so a fresh clone needs no extra step. Offline: Vite and every UI package come from npm.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';

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
 * (the server compresses nothing on the fly). */
function compressAssets(): void {
  for (const file of filesUnder(join(DIST_DIR, 'assets')).filter((path) => /\.(js|css)$/.test(path))) {
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

export async function buildConsoleIfStale(): Promise<boolean> {
  const wanted = inputHash();
  if (existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === wanted) return false;
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(CONSOLE_DIR, 'vite.config.ts'), logLevel: 'warn' });
  compressAssets();
  writeFileSync(HASH_FILE, wanted);
  process.stderr.write(`console: built into ${relative(process.cwd(), DIST_DIR) || DIST_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

if (import.meta.main) {
  await buildConsoleIfStale();
}
