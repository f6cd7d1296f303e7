import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readQuestionFile, writeQuestionFile } from './test-question-files.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';

const base = { accountId: 'acc_1', agentId: 'agt_1', createdAt: 0 };
const QUESTIONS: TestQuestionRecord[] = [
  {
    ...base,
    id: 'tq_1',
    question: 'When, "exactly", do you open?\nMornings?',
    expectedSourceIds: ['src_a', 'src_b'],
    expectNothing: false,
    k: 3,
  },
  { ...base, id: 'tq_2', question: 'Do you sell tractors?', expectedSourceIds: null, expectNothing: true, k: 1 },
];
const EXPECTED = [
  { question: 'When, "exactly", do you open?\nMornings?', expectedSourceIds: ['src_a', 'src_b'], k: 3 },
  { question: 'Do you sell tractors?', expectNothing: true, k: 1 },
];

for (const format of ['jsonl', 'csv'] as const) {
  test(`${format}: what is written reads back as the same questions`, () => {
    assert.deepEqual(readQuestionFile(writeQuestionFile(QUESTIONS, format), format), EXPECTED);
  });
}

for (const format of ['jsonl', 'csv'] as const) {
  test(`${format}: a file saved with a byte order mark (Notepad's, Excel's "UTF-8") reads the same`, () => {
    assert.deepEqual(readQuestionFile(`\uFEFF${writeQuestionFile(QUESTIONS, format)}`, format), EXPECTED);
  });
}

test('a CSV without its header, or a JSONL line that is not JSON, is refused naming the line', () => {
  assert.throws(
    () => readQuestionFile('a,b\n', 'csv'),
    (error: { details: { list: Record<string, string[]> } }) => 'line 1' in error.details.list,
  );
  assert.throws(
    () => readQuestionFile('{"question":"a"}\nnope\n', 'jsonl'),
    (error: { details: { list: Record<string, string[]> } }) => 'line 2' in error.details.list,
  );
});

test('a CSV quote inside an unquoted field is kept as text, as a spreadsheet reads it', () => {
  const text = 'question,expectedSourceIds,expectNothing,k\nSay "hi" to the baker?,,true,3\n"Quoted, ""too""",,true,\n';
  assert.deepEqual(
    readQuestionFile(text, 'csv').map((q) => q.question),
    ['Say "hi" to the baker?', 'Quoted, "too"'],
  );
});

test('a CSV quoted field never closed is refused on the line it opens, not read as the rest of the file', () => {
  const text =
    'question,expectedSourceIds,expectNothing,k\nFine?,,true,3\n"Open on\nSunday?",,true,3\n"Where is it?,,true,3\nWhen?,,true,3\n';
  assert.throws(
    () => readQuestionFile(text, 'csv'),
    (error: { details: { list: Record<string, string[]> } }) => {
      assert.deepEqual(error.details.list, { 'line 5': ['opens a quoted field (") that is never closed'] });
      return true;
    },
  );
});
