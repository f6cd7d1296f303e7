// Which test files the PostgreSQL pass runs. The two passes differ only in COLLOQUY_TEST_BACKEND
// (the code under src/ never reads it; test/support/backend.ts does, and opens each test's storage
// by it). A file whose code cannot reach that variable runs the same on both engines, so the
// PostgreSQL pass may leave it out. The rule, stated once: a file runs in the PostgreSQL pass when
// its text, or the text of any repository module it reaches, names COLLOQUY_TEST_BACKEND. "Reaches"
// follows every relative import and every quoted path of a .ts file in the repository (a spawned
// process's entry such as 'src/main.ts' too), so the scan errs towards keeping a file. A file that
// should run on both engines for another reason says so by naming the variable in a comment.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const MARKER = 'COLLOQUY_TEST_BACKEND';
// Quoted specifiers that name a .ts file: './x.ts', '../support/y.ts', 'src/main.ts'.
const TS_PATH = /['"`]([\w./-]+\.ts)['"`]/g;

/** The repository files `file`'s text names: relative to its folder, or to the root. */
function named(root: string, file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, spec] of text.matchAll(TS_PATH)) {
    const path = (spec as string).startsWith('.') ? resolve(dirname(file), spec as string) : join(root, spec as string);
    if (existsSync(path)) found.push(path);
  }
  return found;
}

/** Per module: whether its own text names the marker, and the repository files it names. */
interface Module {
  marked: boolean;
  deps: string[];
}

/** Whether `file` (absolute) or anything it reaches names the marker: a walk of its whole graph. */
function reachesMarker(root: string, file: string, modules: Map<string, Module>): boolean {
  const seen = new Set<string>([file]);
  const stack = [file];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    let module = modules.get(next);
    if (!module) {
      const text = readFileSync(next, 'utf8');
      module = { marked: text.includes(MARKER), deps: named(root, next, text) };
      modules.set(next, module);
    }
    if (module.marked) return true;
    for (const dep of module.deps.filter((d) => !seen.has(d))) {
      seen.add(dep);
      stack.push(dep);
    }
  }
  return false;
}

/** Splits `files` (repository paths) into those the PostgreSQL pass runs and those it leaves out. */
export function engineFiles(root: string, files: string[]): { engine: string[]; independent: string[] } {
  const modules = new Map<string, Module>();
  const engine: string[] = [];
  const independent: string[] = [];
  for (const file of files) {
    (reachesMarker(root, join(root, file), modules) ? engine : independent).push(file);
  }
  return { engine, independent };
}
