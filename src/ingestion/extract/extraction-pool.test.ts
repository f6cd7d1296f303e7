import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExtractionPool } from './extraction-pool.ts';
import type { ExtractionSettings } from '../../config.ts';
import { ExtractError } from '../../text/extract-error.ts';
import { ServiceUnavailableError } from '../../ports/unavailable.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/files');
const fixture = (name: string) => ({ bytes: readFileSync(join(FIXTURES, name)), filename: name });
const SETTINGS: ExtractionSettings = { workers: 2, queue: 4, timeoutMs: 30_000, maxHeapMb: 256, idleMs: 300 };

test('extracts in the pool with the same results and errors as in process', async () => {
  const pool = createExtractionPool(SETTINGS);
  try {
    const pdf = await pool.admit().extract(fixture('lighthouses.pdf'));
    assert.equal(pdf.kind, 'pdf');
    assert.deepEqual([...new Set(pdf.pieces.map((piece) => piece.page))], [1, 2, 3]);
    assert.ok(
      pdf.pieces.every((piece) => piece.terms.length > 0 && piece.indexedText.includes(piece.content)),
      'chunked and analysed in the pool',
    );
    await assert.rejects(
      pool.admit().extract(fixture('truncated.pdf')),
      (error) => error instanceof ExtractError && error.reason === 'invalid-file',
    );
    await assert.rejects(
      pool.admit().extract(fixture('picture.png')),
      (error) => error instanceof ExtractError && error.reason === 'type-not-allowed',
    );
  } finally {
    await pool.close();
  }
});

test('a parser that runs past the time limit is stopped and the file refused', async () => {
  const pool = createExtractionPool({ ...SETTINGS, timeoutMs: 1 });
  try {
    await assert.rejects(
      pool.admit().extract(fixture('lighthouses.pdf')),
      (error) => error instanceof ExtractError && /longer than/.test(error.message),
    );
  } finally {
    await pool.close();
  }
});

test('a full queue is refused at once (before an upload is read) with a retry hint; threads stay within the bound and end when idle', async () => {
  const pool = createExtractionPool(SETTINGS);
  try {
    const accepted = Array.from({ length: SETTINGS.workers + SETTINGS.queue }, () =>
      pool.admit().extract(fixture('lighthouses.pdf')),
    );
    assert.deepEqual(pool.load(), { running: 2, queued: 4, threads: pool.load().threads });
    assert.throws(
      () => pool.admit(),
      (error) => error instanceof ServiceUnavailableError && error.retryAfterSeconds > 0,
    );
    assert.ok(pool.load().threads <= SETTINGS.workers, `at most ${SETTINGS.workers} threads`);
    for (const result of await Promise.all(accepted)) assert.equal(result.kind, 'pdf');
    assert.deepEqual(pool.load(), { running: 0, queued: 0, threads: pool.load().threads });
    // After the burst the idle threads end (idleMs), giving their memory back.
    const deadline = Date.now() + 5_000;
    while (pool.load().threads > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(pool.load().threads, 0, 'idle threads ended');
  } finally {
    await pool.close();
  }
});

test('an aborted extraction stops (running or queued) with the signal’s reason and frees its place', async () => {
  const pool = createExtractionPool({ ...SETTINGS, workers: 1, queue: 1 });
  try {
    const running = new AbortController();
    const waiting = new AbortController();
    const first = pool.admit().extract(fixture('lighthouses.pdf'), running.signal);
    const second = pool.admit().extract(fixture('lighthouses.pdf'), waiting.signal);
    assert.throws(() => pool.admit(), ServiceUnavailableError, 'one thread and one place in the queue: full');
    const gone = new Error('client closed the connection');
    waiting.abort(gone);
    running.abort(gone);
    await assert.rejects(first, (error) => error === gone);
    await assert.rejects(second, (error) => error === gone);
    assert.equal(pool.load().running + pool.load().queued, 0);
    assert.equal((await pool.admit().extract(fixture('lighthouses.docx'))).kind, 'docx', 'the pool still works');
  } finally {
    await pool.close();
  }
});
