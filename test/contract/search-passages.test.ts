// The passage that answers: a page uploaded as plain text is chunked under its heading lines, a
// heading's words find the passage under it, and the passage holds the answering sentence with the
// one after it; SPEC §4's shape holds.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let agentId: string;
let key: string;

const filler = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `Guests often ask the front desk about ${topic} detail number ${i + 1}, and the staff answer politely.`,
  ).join(' ');

// Plain text as a user uploads it: the title and section headings are lines of their own.
const PAGE = [
  'Harbour Hotel guest guide',
  'Luggage storage',
  `${filler('luggage', 7)} The night porter keeps stored suitcases in the locked room behind reception.`,
  `Bags can stay there for up to seven days without charge. ${filler('luggage', 3)}`,
  'Swimming pool',
  `${filler('swimming', 4)} Lifeguards are on duty from eight in the morning.`,
].join('\n\n');

before(async () => {
  server = await startTestServer({ configFile: UNLIMITED_RATE });
  const { account, ctx } = await server.seedAccount('pro');
  agentId = (await server.seedAgent(ctx, 'Harbour desk')).id;
  key = await server.seedKey(account.id);
  const form = new FormData();
  form.append('file', new Blob([PAGE]), 'guest-guide.txt');
  const response = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  assert.equal(response.status, 200, await response.text());
});
after(() => server.close());

async function search(query: string): Promise<Array<{ score: number; content: string; source: { title: string } }>> {
  const response = await server.call('POST', `/agents/${agentId}/search`, { key, body: { query, limit: 5 } });
  assert.equal(response.status, 200, response.text);
  return response.body.results;
}

test('a heading line of a plain-text page is not a passage: its words find the passage under it', async () => {
  const results = await search('swimming pool');
  assert.ok(results.length > 0);
  assert.match(results[0]!.content, /Lifeguards are on duty/);
  assert.ok(results.every((result) => !/^Swimming pool$/m.test(result.content)));
});

test('the passage that answers holds the answering sentence and the one after it', async () => {
  const results = await search('where does the night porter keep stored suitcases');
  assert.ok(results.length > 0);
  const [first] = results;
  assert.match(
    first!.content,
    /The night porter keeps stored suitcases in the locked room behind reception\.\s+Bags can stay there for up to seven days/,
  );
  for (const [index, result] of results.entries()) {
    assert.deepEqual(Object.keys(result).sort(), ['content', 'score', 'source']);
    assert.ok(result.score >= 0.3 && result.score <= 1);
    if (index > 0) assert.ok(result.score <= results[index - 1]!.score);
  }
});

test('a query of strings that are neither English words nor the agent’s own terms finds nothing', async () => {
  for (const query of ['xyzzy qwerty', 'zqxj vvwk', 'blorp snazzle']) assert.deepEqual(await search(query), [], query);
  // A misspelt word of the agent's own is still read as that word, and a name it holds still counts.
  assert.ok((await search('lugage storrage')).length > 0);
  assert.ok((await search('Harbour')).length > 0);
});
