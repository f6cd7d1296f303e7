import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFileIsolated } from './extract-isolated.ts';
import { ExtractError } from './extract-error.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/files');
const fixture = (name: string) => ({ bytes: readFileSync(join(FIXTURES, name)), filename: name });

test('extracts in a worker with the same results and errors as in process', async () => {
  const pdf = await extractFileIsolated(fixture('lighthouses.pdf'));
  assert.equal(pdf.kind, 'pdf');
  assert.deepEqual([...new Set(pdf.sections.map((s) => s.page))], [1, 2, 3]);
  await assert.rejects(extractFileIsolated(fixture('truncated.pdf')), (error) => error instanceof ExtractError && error.reason === 'invalid-file');
  await assert.rejects(extractFileIsolated(fixture('picture.png')), (error) => error instanceof ExtractError && error.reason === 'type-not-allowed');
});

test('a parser that runs past the time limit is stopped and the file refused', async () => {
  await assert.rejects(extractFileIsolated(fixture('lighthouses.pdf'), { timeoutMs: 1, maxHeapMb: 256 }), (error) => error instanceof ExtractError && /longer than/.test(error.message));
});
