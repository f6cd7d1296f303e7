import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCitations } from './citations.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { Store } from '../../ports/store.ts';
import { operatorContext } from '../context.ts';

test('citations say where each passage came from: a page URL, a file name, or neither', async () => {
  const records: Record<string, Partial<SourceRecord>> = {
    src_page: { id: 'src_page', type: 'website', title: 'Tides', url: 'https://harbour.example/tides' },
    src_file: { id: 'src_file', type: 'file', title: 'manual.pdf', url: null },
  };
  const store = {
    sources: { get: async (_account: string, _agent: string, id: string) => records[id] },
  } as unknown as Store;
  const passage = (id: string, type: SourceRecord['type'], title: string, score: number) => ({
    score,
    content: `about ${title}`,
    source: { id, type, title },
  });
  const citations = await toCitations({ store }, operatorContext('acc_1', 'free'), 'agt_1', [
    passage('src_page', 'website', 'Tides', 0.9),
    passage('src_file', 'file', 'manual.pdf', 0.8),
    passage('src_text', 'qa', 'Do you ship?', 0.5),
    passage('src_gone', 'website', 'Deleted meanwhile', 0.4),
  ]);
  assert.deepEqual(citations, [
    {
      sourceId: 'src_page',
      type: 'website',
      title: 'Tides',
      url: 'https://harbour.example/tides',
      quote: 'about Tides',
      score: 0.9,
    },
    {
      sourceId: 'src_file',
      type: 'file',
      title: 'manual.pdf',
      fileName: 'manual.pdf',
      quote: 'about manual.pdf',
      score: 0.8,
    },
    { sourceId: 'src_text', type: 'qa', title: 'Do you ship?', quote: 'about Do you ship?', score: 0.5 },
    { sourceId: 'src_gone', type: 'website', title: 'Deleted meanwhile', quote: 'about Deleted meanwhile', score: 0.4 },
  ]);
});
