// The rule by which the PostgreSQL pass leaves a test file out (scripts/engine-files.ts), on a small
// repository written by the test, and on this one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineFiles } from '../../scripts/engine-files.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('a file runs in the PostgreSQL pass when it reaches COLLOQUY_TEST_BACKEND by any path', () => {
  const root = mkdtempSync(join(tmpdir(), 'colloquy-engine-files-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  try {
    write('test/support/backend.ts', 'export const B = process.env.COLLOQUY_TEST_BACKEND;\n');
    write('test/support/server.ts', "import { B } from './backend.ts';\n");
    write('test/support/cycle-a.ts', "import './cycle-b.ts';\n");
    write('test/support/cycle-b.ts', "import './cycle-a.ts';\nimport './server.ts';\n");
    write('test/helper-entry.ts', "import './support/backend.ts';\n");
    write('src/pure.ts', 'export const x = 1;\n');
    const files = {
      'test/a.test.ts': "import { B } from './support/backend.ts';\n",
      'test/b.test.ts': "import './support/server.ts';\n",
      'test/c.test.ts': "import './support/cycle-a.ts';\n",
      'test/d.test.ts': "spawn(process.execPath, ['test/helper-entry.ts']);\n",
      'test/e.test.ts': '// Runs on both engines (COLLOQUY_TEST_BACKEND): a marker in a comment.\n',
      'src/pure.test.ts': "import { x } from './pure.ts';\n",
      'test/f.test.ts': "import '../src/pure.ts';\nimport 'node:fs';\nconst gone = './missing.ts';\n",
    };
    for (const [path, text] of Object.entries(files)) write(path, text);
    const { engine, independent } = engineFiles(root, Object.keys(files));
    assert.deepEqual(engine, [
      'test/a.test.ts',
      'test/b.test.ts',
      'test/c.test.ts',
      'test/d.test.ts',
      'test/e.test.ts',
    ]);
    assert.deepEqual(independent, ['src/pure.test.ts', 'test/f.test.ts']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('in this repository: the storage contracts and the test server run on both engines, pure logic once', () => {
  const { engine, independent } = engineFiles(ROOT, [
    'test/storage/store-contract.test.ts',
    'test/contract/chat.test.ts',
    'test/e2e/console.test.ts',
    'src/text/analyze.test.ts',
    'test/integration/cli-help.test.ts',
  ]);
  assert.deepEqual(engine, [
    'test/storage/store-contract.test.ts',
    'test/contract/chat.test.ts',
    'test/e2e/console.test.ts',
  ]);
  assert.deepEqual(independent, ['src/text/analyze.test.ts', 'test/integration/cli-help.test.ts']);
});
