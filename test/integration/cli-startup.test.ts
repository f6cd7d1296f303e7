// An operator runs dozens of CLI commands: one that needs no model, crawler or queue starts
// without loading them (the OpenAI SDK, the tokenizer, linkedom, undici, pg-boss, ioredis, and the
// rest of HEAVY), and its modules come from the compile cache after the first run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../support/backend.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEAVY = [
  'openai',
  'gpt-tokenizer',
  'linkedom',
  '@mozilla/readability',
  'undici',
  'pg-boss',
  'ioredis',
  'fast-xml-parser',
  'franc-min',
  // The config schema is read as JSON and its validator compiled ahead; the workers, the rate
  // limiter, the extraction pool and search's native libraries belong to the server or load on use.
  'typebox',
  'ajv',
  'rate-limiter-flexible',
  'piscina',
  'simsimd',
  'usearch',
  'stopword',
];

/** Runs a CLI command with a hook that records every module it loads and its CPU time. */
async function runMeasured(
  args: string[],
  env: Record<string, string | undefined>,
  dir: string,
): Promise<{ code: number | null; modules: string[]; cpuMs: number }> {
  const report = join(dir, `report-${Date.now()}.json`);
  const hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => { const cpu = process.cpuUsage(); writeFileSync(${JSON.stringify(report)}, JSON.stringify({ loaded, cpuMs: (cpu.user + cpu.system) / 1000 })); });
`,
  );
  const child = spawn(process.execPath, ['--import', hook, join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_COMPILE_CACHE: join(dir, 'cache') },
    stdio: 'ignore',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const { loaded, cpuMs } = JSON.parse(readFileSync(report, 'utf8')) as { loaded: string[]; cpuMs: number };
  return { code, modules: loaded, cpuMs };
}

test('a command that needs no model loads none of the heavy libraries, and reuses the compile cache', async () => {
  const database = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-cli-startup-'));
  try {
    const env = { ...database.env, COLLOQUY_CONFIG: undefined };
    const first = await runMeasured(['accounts', 'create', '--name', 'Startup'], env, dir);
    assert.equal(first.code, 0);
    const second = await runMeasured(['accounts', 'create', '--name', 'Startup again'], env, dir);
    assert.equal(second.code, 0);
    const packages = new Set(
      second.modules.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]).filter(Boolean),
    );
    assert.deepEqual(
      HEAVY.filter((name) => packages.has(name)),
      [],
    );
    // Loose on purpose: a warm command takes a fraction of this even on a busy machine; the test prints it.
    assert.ok(second.cpuMs < 2_000, `${second.cpuMs} ms of CPU`);
    process.stdout.write(
      `# CLI command CPU: first ${first.cpuMs.toFixed(0)} ms, second ${second.cpuMs.toFixed(0)} ms\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
});
