// Over 300 lines: one fake server: its chat and moderation routes share the script's queue.
// A real OpenAI-compatible server on loopback that answers from a script: POST /v1/chat/completions
// (streamed or not) and POST /v1/moderations. Tests queue turns; with none queued it answers a default
// turn at once, so benchmarks can use it as an instant model.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { once } from 'node:events';

export interface ScriptedToolCall {
  name: string;
  /** The arguments' JSON text; streamed in a few fragments after the chunk carrying id and name. */
  arguments: string;
}

export interface ScriptedTurn {
  /** Text fragments, one chunk each. */
  content?: string[];
  toolCalls?: ScriptedToolCall[];
  /** Defaults to `tool_calls` when there are tool calls, else `stop`; null sends none. */
  finishReason?: string | null;
  /** Fail with this status (and an OpenAI error body) instead of answering. */
  status?: number;
  /** The error body's message when `status` is set. */
  errorMessage?: string;
  /** Destroy the socket after this many chunks (counting the opening chunk that carries the role). */
  failAfterChunks?: number;
  /** Stop sending after this many chunks (counted the same way) but keep the connection open. */
  hangAfterChunks?: number;
  /** Wait this long before the response headers. */
  delayMs?: number;
  /** Wait this long between two chunks. */
  chunkDelayMs?: number;
  /** Send this text as the whole event-stream body instead of the turn's chunks (malformed streams). */
  rawBody?: string;
}

export interface ModerationVerdict {
  flagged?: boolean;
  /** Categories to mark true (OpenAI names, e.g. `hate`, `self-harm/intent`). */
  categories?: string[];
  /** Fail with this status instead of answering. */
  status?: number;
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  /** True once the client closed the connection before the response ended. */
  aborted: boolean;
  /** Settles when the exchange is over, with `aborted`. */
  settled: Promise<boolean>;
  /** performance.now() when the whole request had arrived (benchmarks in the same process). */
  receivedAt: number;
}

export interface ScriptedModelServer {
  /** The base URL to configure, ending in `/v1`. */
  baseUrl: string;
  /** Chat completion requests, in arrival order. */
  requests: RecordedRequest[];
  moderationRequests: RecordedRequest[];
  /** Queues turns; each request takes the next one, or the default turn when none is left. */
  enqueue(...turns: ScriptedTurn[]): void;
  /** How to answer moderation requests from now on: a verdict, or one per input text. */
  moderate(answer: ModerationVerdict | ((input: string) => ModerationVerdict)): void;
  /** Resolves once `count` chat requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_TURN: ScriptedTurn = { content: ['Hello', ' from the', ' scripted model.'] };

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

export async function startScriptedModelServer(options: { record?: boolean } = {}): Promise<ScriptedModelServer> {
  const record = options.record ?? true;
  const turns: ScriptedTurn[] = [];
  const requests: RecordedRequest[] = [];
  const moderationRequests: RecordedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let moderation: ModerationVerdict | ((input: string) => ModerationVerdict) = { flagged: false };
  let sequence = 0;
  const timers = new Set<NodeJS.Timeout>();
  // A wait that close() can cut short, so a scripted delay never holds the process open.
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        return sendJson(response, 400, errorBody('the body is not JSON'));
      }
      const recorded = track(path, request.headers, body, response);
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        if (record) requests.push(recorded);
        for (const waiter of waiters.filter((entry) => requests.length >= entry.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        void answerChat(body, turns.shift() ?? DEFAULT_TURN, response, `chatcmpl-${++sequence}`, wait);
      } else if (request.method === 'POST' && path === '/v1/moderations') {
        if (record) moderationRequests.push(recorded);
        void answerModeration(body, moderation, response, `modr-${++sequence}`, wait);
      } else {
        sendJson(response, 404, errorBody(`no route for ${request.method} ${path}`));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    moderationRequests,
    enqueue: (...next) => void turns.push(...next),
    moderate: (answer) => void (moderation = answer),
    waitForRequests(count, timeoutMs = 5_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the scripted model got ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Records the exchange and learns whether the client left before the response ended. */
function track(path: string, headers: IncomingHttpHeaders, body: unknown, response: ServerResponse): RecordedRequest {
  const recorded = { path, headers, body, aborted: false, receivedAt: performance.now() } as RecordedRequest;
  recorded.settled = new Promise((resolve) => {
    response.on('close', () => {
      recorded.aborted = !response.writableFinished && !destroyedByServer.has(response);
      resolve(recorded.aborted);
    });
  });
  return recorded;
}

const destroyedByServer = new WeakSet<ServerResponse>();

async function answerChat(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON
  body: any,
  turn: ScriptedTurn,
  response: ServerResponse,
  id: string,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  if (turn.delayMs) await sleep(turn.delayMs);
  if (response.destroyed) return;
  if (turn.status)
    return sendJson(response, turn.status, errorBody(turn.errorMessage ?? `scripted failure ${turn.status}`));
  const model = typeof body?.model === 'string' ? body.model : 'scripted';
  const finishReason =
    turn.finishReason === undefined ? (turn.toolCalls?.length ? 'tool_calls' : 'stop') : turn.finishReason;
  if (body?.stream !== true) return sendJson(response, 200, completion(id, model, turn, finishReason));

  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (turn.rawBody !== undefined) return void response.end(turn.rawBody);
  const frames = streamChunks(turn, finishReason).map(
    (delta) => `data: ${JSON.stringify(chunk(id, model, delta))}\n\n`,
  );
  if (body.stream_options?.include_usage)
    frames.push(`data: ${JSON.stringify({ ...chunk(id, model, null), choices: [], usage: usage(turn) })}\n\n`);
  for (const [index, frame] of frames.entries()) {
    if (index === turn.failAfterChunks) {
      destroyedByServer.add(response);
      return void response.destroy();
    }
    if (index === turn.hangAfterChunks) return;
    if (index > 0 && turn.chunkDelayMs) await sleep(turn.chunkDelayMs);
    if (response.destroyed) return;
    // Wait until the chunk is handed to the socket, so the client sees it before a scripted failure.
    await new Promise((resolve) => response.write(frame, resolve));
  }
  response.end('data: [DONE]\n\n');
}

type Delta = { delta: Record<string, unknown>; finishReason: string | null } | null;

/** The deltas OpenAI sends: the role first, text fragments, each tool call as a chunk with its id
 * and name followed by argument fragments, then an empty delta with the finish reason. */
function streamChunks(turn: ScriptedTurn, finishReason: string | null): Delta[] {
  const deltas: Delta[] = [{ delta: { role: 'assistant', content: '' }, finishReason: null }];
  for (const text of turn.content ?? []) deltas.push({ delta: { content: text }, finishReason: null });
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    deltas.push({
      delta: {
        tool_calls: [
          { index, id: `call_upstream${index}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      },
      finishReason: null,
    });
    for (const fragment of split(call.arguments, 3))
      deltas.push({ delta: { tool_calls: [{ index, function: { arguments: fragment } }] }, finishReason: null });
  }
  deltas.push({ delta: {}, finishReason });
  return deltas;
}

function chunk(id: string, model: string, delta: Delta) {
  const choices = delta ? [{ index: 0, delta: delta.delta, logprobs: null, finish_reason: delta.finishReason }] : [];
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_scripted',
    choices,
  };
}

function completion(id: string, model: string, turn: ScriptedTurn, finishReason: string | null) {
  const toolCalls = turn.toolCalls?.map((call, index) => ({
    id: `call_upstream${index}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  const message = {
    role: 'assistant',
    content: turn.content ? turn.content.join('') : null,
    refusal: null,
    ...(toolCalls?.length && { tool_calls: toolCalls }),
  };
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: usage(turn),
  };
}

function usage(turn: ScriptedTurn) {
  const completionTokens = (turn.content ?? []).length + (turn.toolCalls ?? []).length;
  return { prompt_tokens: 10, completion_tokens: completionTokens, total_tokens: 10 + completionTokens };
}

async function answerModeration(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON
  body: any,
  answer: ModerationVerdict | ((input: string) => ModerationVerdict),
  response: ServerResponse,
  id: string,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  const inputs: string[] = Array.isArray(body?.input) ? body.input : [String(body?.input ?? '')];
  const verdicts = inputs.map((input) => (typeof answer === 'function' ? answer(input) : answer));
  const delayMs = Math.max(0, ...verdicts.map((verdict) => verdict.delayMs ?? 0));
  if (delayMs) await sleep(delayMs);
  if (response.destroyed) return;
  const failed = verdicts.find((verdict) => verdict.status);
  if (failed?.status)
    return sendJson(response, failed.status, errorBody(`scripted moderation failure ${failed.status}`));
  const results = verdicts.map((verdict) => {
    const marked = new Set(verdict.categories ?? []);
    return {
      flagged: verdict.flagged ?? marked.size > 0,
      categories: Object.fromEntries(MODERATION_CATEGORIES.map((name) => [name, marked.has(name)])),
      category_scores: Object.fromEntries(
        MODERATION_CATEGORIES.map((name) => [name, marked.has(name) ? 0.97 : 0.0001]),
      ),
    };
  });
  sendJson(response, 200, {
    id,
    model: typeof body?.model === 'string' ? body.model : 'omni-moderation-latest',
    results,
  });
}

function errorBody(message: string) {
  return { error: { message, type: 'invalid_request_error', param: null, code: null } };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function split(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const fragments: string[] = [];
  for (let start = 0; start < text.length; start += size) fragments.push(text.slice(start, start + size));
  return fragments;
}

/** The config file of a test server that chats through this scripted server: the offline model and
 * `scripted` on every plan, without a rate limit to speak of, and moderation by the script too. */
export function scriptedModelConfig(baseUrl: string): Record<string, unknown> {
  const plan = { requestsPerMinute: 100_000, models: ['colloquy-extractive', 'scripted'] };
  return {
    models: [
      { id: 'colloquy-extractive', provider: 'extractive', credits: 1 },
      {
        id: 'scripted',
        provider: 'openai',
        baseUrl,
        model: 'scripted-large',
        credits: 2,
        timeoutMs: 3_000,
        maxTokens: 300,
        contextTokens: 4_096,
      },
    ],
    plans: { free: plan, starter: plan, pro: plan, business: plan },
    moderation: { provider: 'openai', baseUrl, timeoutMs: 1_000 },
  };
}
