import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('simsimd loads its prebuilt native binary on this Node, not the JavaScript fallback', () => {
  const module = fileURLToPath(new URL('./native-vector-math.ts', import.meta.url));
  const script = `import(${JSON.stringify(module)}).then((m) => console.log(m.inner(Int8Array.of(1, -2, 3), Int8Array.of(4, 5, -6))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(run.stdout.trim(), String(4 - 10 - 18));
  // The fallback announces itself with a warning on stderr.
  assert.doesNotMatch(run.stderr, /fallback/i);
});

test('usearch loads its prebuilt native binary: the int8 exact search finds the rows with the largest dot product', () => {
  const module = fileURLToPath(new URL('./native-vector-math.ts', import.meta.url));
  // Rows (1,0), (0,2), (3,1), (−1,−1): dot products with (2,1) are 2, 2, 7, −3.
  const script = `import(${JSON.stringify(module)}).then((m) => { const r = m.exactSearch(Int8Array.of(1, 0, 0, 2, 3, 1, -1, -1), Int8Array.of(2, 1), 2, 2, m.MetricKind.IP, 1); console.log([...r.keys].join(','), [...r.distances].join(',')); })`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const [keys, distances] = run.stdout.trim().split(' ');
  assert.equal(keys?.split(',')[0], '2');
  assert.equal(distances?.split(',')[0], '-6', `1 − 7; stderr: ${run.stderr}`);
});
