// An open Server-Sent Events answer read frame by frame (comment lines skipped), for the follow
// streams' tests.

export type Frame = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON

export interface OpenStream {
  response: Response;
  /** The next frame, or 'end' for the empty `data:` end marker; throws after `timeoutMs`. */
  next(timeoutMs?: number): Promise<Frame | 'end'>;
  frames: Frame[];
  readonly ended: boolean;
  close(): void;
}

/** GET `url` with `headers` (an Authorization header, a console cookie) and read its frames. */
export async function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let ended = false;
  const frames: Frame[] = [];
  async function next(timeoutMs = 5_000): Promise<Frame | 'end'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = buffered.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffered.slice(0, cut);
        buffered = buffered.slice(cut + 2);
        if (block.startsWith(':')) continue;
        if (block === 'data:') return ((ended = true), 'end');
        const frame = JSON.parse(block.replace(/^data: /, ''));
        frames.push(frame);
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
      const read = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => setTimeout(resolve, left, 'timeout')),
      ]);
      if (read === 'timeout') continue;
      if (read.done) throw new Error('the stream closed without its end marker');
      buffered += read.value;
    }
  }
  return {
    response,
    next,
    frames,
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}
