// What a newcomer reads in a fresh clone: the README and docs/ point only at files the repository
// holds (no specification or design notes kept beside it, no issue numbers), the README links every
// page and says how to pick the port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const RESEARCH = readdirSync(join(ROOT, 'docs', 'research'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/research/${name}`);

test('README and docs name no file outside the repository', () => {
  for (const page of [...PAGES, ...RESEARCH]) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    assert.doesNotMatch(text, /\.\.\/shared|\/work\/|\b(?:SPEC|DESIGN|STYLE)\.md\b/, page);
  }
});

test('README and docs name no issue numbers: a reader of the repository has no tracker to look them up in', () => {
  for (const page of [...PAGES, ...RESEARCH]) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    assert.doesNotMatch(text, /\bissues?[\s-]*#?\d+/i, page);
  }
});

test('the README links every page of docs/, so a newcomer finds each from it', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const page of PAGES.filter((name) => name !== 'README.md')) {
    assert.ok(readme.includes(`](${page})`), `README.md does not link ${page}`);
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

test('the quick start counts the EBADENGINE warnings npm prints on Node 20 as the lock file gives them', () => {
  // Five lines per package whose `engines.node` asks for more than Node 20 (Debian 12's) in every
  // alternative of its range (`>=22.12.0 || >=20.19.0 <21.0.0` accepts it).
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } }>;
  };
  const refusesNode20 = (range: string) =>
    range.split('||').every((alternative) => Number(/>=\s*(\d+)/.exec(alternative)?.[1] ?? 0) > 20);
  const above20 = Object.entries(lock.packages).filter(
    ([, entry]) => entry.engines?.node !== undefined && refusesNode20(entry.engines.node),
  );
  const dependencies = above20.filter(([path]) => path !== '').length;
  const readme = readFileSync(join(ROOT, 'docs', 'quick-start.md'), 'utf8');
  const words = [
    'no',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
  ];
  assert.match(readme, new RegExp(`\\*\\*${above20.length * 5} \`npm warn EBADENGINE\` lines`));
  assert.match(readme, new RegExp(`Colloquy \\(≥ 24\\) and ${words[dependencies] ?? dependencies} dependencies`));
});
