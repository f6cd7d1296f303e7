// What a newcomer reads in a fresh clone: the README and docs/ point only at files the repository
// holds (no specification or design notes kept beside it), and the README says how to pick the port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

test('README and docs name no file outside the repository', () => {
  for (const page of PAGES) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    assert.doesNotMatch(text, /\.\.\/shared|\b(?:SPEC|DESIGN|STYLE)\.md\b/, page);
  }
});

test('every relative link of the README and docs leads to a file of the repository', () => {
  for (const page of PAGES) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      assert.ok(existsSync(join(ROOT, dirname(page), target!)), `${page} → ${target}`);
    }
  }
});

test('the README says how to choose the port', () => {
  assert.match(readFileSync(join(ROOT, 'README.md'), 'utf8'), /PORT=\d+ npm start/);
});
