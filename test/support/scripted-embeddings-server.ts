// An OpenAI-compatible /v1/embeddings server on loopback for multi-process tests and benchmarks:
// deterministic bag-of-words vectors (texts sharing words point the same way), so several nodes
// index and search the same way without each loading the local model. Each caller may use its own
// path prefix (`/node-2/v1`), which tells the test which process sent a request; a test can hold
// requests back to catch a process in the middle of an upload.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { analyze } from '../../src/text/analyze.ts';

export const EMBEDDING_DIMENSION = 64;

export interface EmbeddingRequest {
  /** The path's first segment before `/v1` (`node-2`), or '' for plain `/v1/embeddings`. */
  caller: string;
  input: string[];
}

export interface ScriptedEmbeddingsServer {
  /** The base URL for `caller` (ending in `/v1`): the embeddings config's `baseUrl`. */
  baseUrl(caller?: string): string;
  requests: EmbeddingRequest[];
  /** Holds every request whose input matches until the returned release() is called; resolves
   * `arrived` with the first such request. */
  hold(matches: (request: EmbeddingRequest) => boolean): { arrived: Promise<EmbeddingRequest>; release(): void };
  close(): Promise<void>;
}

export function bagOfWords(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSION).fill(0);
  for (const term of analyze(text)) {
    let hash = 0;
    for (const char of term) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % EMBEDDING_DIMENSION] = (vector[hash % EMBEDDING_DIMENSION] ?? 0) + 1;
  }
  return vector;
}

export async function startScriptedEmbeddingsServer(
  options: { record?: boolean } = {},
): Promise<ScriptedEmbeddingsServer> {
  const requests: EmbeddingRequest[] = [];
  const holds: Array<{
    matches: (request: EmbeddingRequest) => boolean;
    arrived: (request: EmbeddingRequest) => void;
    released: Promise<void>;
  }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const match = /^\/(?:([\w-]+)\/)?v1\/embeddings$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return void response.writeHead(404).end();
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      const recorded = { caller: match[1] ?? '', input };
      if (options.record ?? true) requests.push(recorded);
      for (const hold of holds.filter((entry) => entry.matches(recorded))) {
        hold.arrived(recorded);
        await hold.released;
      }
      if (response.destroyed) return;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          object: 'list',
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: bagOfWords(text) })),
          model,
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    baseUrl: (caller) => `http://127.0.0.1:${port}${caller ? `/${caller}` : ''}/v1`,
    requests,
    hold(matches) {
      let release = () => {};
      let arrived: (request: EmbeddingRequest) => void = () => {};
      const hold = {
        matches,
        arrived: (r: EmbeddingRequest) => arrived(r),
        released: new Promise<void>((resolve) => (release = resolve)),
      };
      holds.push(hold);
      const first = new Promise<EmbeddingRequest>((resolve) => (arrived = resolve));
      return {
        arrived: first,
        release() {
          holds.splice(holds.indexOf(hold), 1);
          release();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
