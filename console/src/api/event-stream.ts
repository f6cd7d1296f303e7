// POST requests answered as Server-Sent Events (chat, crawl progress). EventSource only does GET
// without a body, so the stream is read from fetch: frames are `data: <json>` lines ending in a
// blank line, and an empty `data:` frame ends the stream. An answer in JSON instead (an error
// found before the stream started) is returned or thrown like any other call.
import { ADMIN_BASE, ApiError, headersFor, noteUnauthorized, toApiError } from './client.ts';

export type Frame = Record<string, unknown>;

export async function postEventStream(
  path: string,
  body: unknown,
  onFrame: (frame: Frame) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ADMIN_BASE + path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: headersFor('POST', { 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection and try again.');
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const json = (await response.json().catch(() => undefined)) as Frame | undefined;
    if (!response.ok) {
      noteUnauthorized(response.status, path);
      throw toApiError(response.status, json);
    }
    if (json) onFrame(json);
    return;
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '') return; // the end marker
      onFrame(JSON.parse(data) as Frame);
    }
  }
}
