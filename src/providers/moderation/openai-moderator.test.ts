import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ModerationUnavailableError } from '../../ports/moderator.ts';
import { createOpenAiModerator } from './openai-moderator.ts';

const KEY = 'sk-test-0123456789abcdef';
const NO_FLAGS = {
  hate: false,
  'hate/threatening': false,
  harassment: false,
  'harassment/threatening': false,
  illicit: false,
  'illicit/violent': false,
  'self-harm': false,
  'self-harm/intent': false,
  'self-harm/instructions': false,
  sexual: false,
  'sexual/minors': false,
  violence: false,
  'violence/graphic': false,
};

let server: Server;
let baseUrl: string;
const seen: Array<{ url: string | undefined; headers: IncomingHttpHeaders; body: { model?: string; input?: string } }> =
  [];

/** A scripted OpenAI-compatible moderation endpoint: the input says how it answers. */
function answer(input: string): { status: number; body: unknown; delayMs?: number } {
  const result = (flagged: boolean, flags: Record<string, boolean>) => ({
    id: 'modr-1',
    model: 'omni-moderation-latest',
    results: [{ flagged, categories: { ...NO_FLAGS, ...flags }, category_scores: {} }],
  });
  if (input === 'flag me')
    return {
      status: 200,
      body: result(true, {
        'hate/threatening': true,
        'sexual/minors': true,
        'self-harm/intent': true,
        'illicit/violent': true,
      }),
    };
  if (input === 'harassing') return { status: 200, body: result(true, { harassment: true, violence: true }) };
  if (input === 'unknown category') return { status: 200, body: result(true, { 'elections/misinformation': true }) };
  if (input === 'boom') return { status: 500, body: { error: { message: 'internal error', type: 'server_error' } } };
  if (input === 'bad key')
    return {
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${KEY}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    };
  if (input === 'malformed') return { status: 200, body: { results: [] } };
  if (input === 'slow') return { status: 200, body: result(false, {}), delayMs: 3_000 };
  return { status: 200, body: result(false, {}) };
}

before(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model?: string; input?: string };
      seen.push({ url: req.url, headers: req.headers, body });
      const { status, body: reply, delayMs } = answer(body.input ?? '');
      const send = () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      if (delayMs) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const moderator = (overrides: { apiKey?: string | null; timeoutMs?: number; baseUrl?: string } = {}) =>
  createOpenAiModerator({
    baseUrl: overrides.baseUrl ?? baseUrl,
    apiKey: overrides.apiKey === undefined ? KEY : overrides.apiKey,
    model: 'omni-moderation-latest',
    timeoutMs: overrides.timeoutMs ?? 1_000,
  });

async function unavailable(promise: Promise<unknown>): Promise<ModerationUnavailableError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ModerationUnavailableError, `expected ModerationUnavailableError, got ${String(error)}`);
  assert.ok(!error.message.includes(KEY), `the key leaked: ${error.message}`);
  return error;
}

test('posts {model, input} to {baseUrl}/moderations with the key and maps the flagged categories onto ours, in the port order', async () => {
  const verdict = await moderator().check('flag me');
  assert.deepEqual(verdict, { flagged: true, categories: ['hate', 'sexual', 'self-harm', 'crime'] });
  const request = seen.at(-1)!;
  assert.equal(request.url, '/v1/moderations');
  assert.deepEqual(request.body, { model: 'omni-moderation-latest', input: 'flag me' });
  assert.equal(request.headers.authorization, `Bearer ${KEY}`);
  assert.deepEqual(await moderator().check('harassing'), { flagged: true, categories: ['harassment', 'violence'] });
});

test('an unflagged message, or one flagged only for a category outside the spec, passes', async () => {
  assert.deepEqual(await moderator().check('hello, how do I reset my password?'), { flagged: false, categories: [] });
  assert.deepEqual(await moderator().check('unknown category'), { flagged: false, categories: [] });
});

test('a keyless endpoint gets no Authorization header', async () => {
  await moderator({ apiKey: null }).check('hello');
  assert.equal(seen.at(-1)!.headers.authorization, undefined);
});

test('a 500 is unavailable, with the status in the message', async () => {
  const error = await unavailable(moderator().check('boom'));
  assert.match(error.message, /answered 500/);
});

test('a 401 that echoes the key is unavailable without the key in the message', async () => {
  const error = await unavailable(moderator().check('bad key'));
  assert.match(error.message, /answered 401 \(invalid_api_key\)/);
});

test('a slow endpoint is unavailable once timeoutMs has passed, not when it finally answers', async () => {
  const started = performance.now();
  const error = await unavailable(moderator({ timeoutMs: 200 }).check('slow'));
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 150 && elapsed < 1_500, `gave up after ${elapsed.toFixed(0)} ms`);
  assert.match(error.message, /did not answer within 200 ms/);
});

test('a malformed answer, an unreachable endpoint and an aborted check are unavailable', async () => {
  await unavailable(moderator().check('malformed'));
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await unavailable(moderator({ baseUrl: deadUrl }).check('hello'));
  const controller = new AbortController();
  const pending = moderator({ timeoutMs: 5_000 }).check('slow', controller.signal);
  setTimeout(() => controller.abort(), 50);
  const error = await unavailable(pending);
  assert.match(error.message, /aborted/);
});
