import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('simsimd loads its prebuilt native binary on this Node, not the JavaScript fallback', () => {
  const module = fileURLToPath(new URL('./simsimd.ts', import.meta.url));
  const script = `import(${JSON.stringify(module)}).then((m) => console.log(m.inner(Int8Array.of(1, -2, 3), Int8Array.of(4, 5, -6))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(run.stdout.trim(), String(4 - 10 - 18));
  // The fallback announces itself with a warning on stderr.
  assert.doesNotMatch(run.stderr, /fallback/i);
});
