// A file over 300 lines says why at its top ("Over 300 lines: …"), or it is split by verb.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 300;
const MARKER = /^\/\/ Over 300 lines: \S/m;

test('every TypeScript file over 300 lines gives its reason at its top', () => {
  // Fixtures and generated files (console types, the OpenAPI client) are data, not code to split.
  const files = globSync(['{src,test,scripts,bench,console/src}/**/*.{ts,tsx}'], { cwd: ROOT }).filter(
    (path) => !/fixtures\/|generated|node_modules\//.test(path),
  );
  assert.ok(files.length > 100, `only ${files.length} files found`);
  const unexplained = files.filter((path) => {
    const text = readFileSync(`${ROOT}/${path}`, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const head = text.split('\n').slice(0, 5).join('\n');
    return lines > MAX_LINES && !MARKER.test(head);
  });
  assert.deepEqual(unexplained.sort(), []);
});
