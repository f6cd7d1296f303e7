// Runs the Universal Sentence Encoder (lite) in a worker thread: the model's WebAssembly kernels
// are single-threaded, so one worker per core is how indexing uses a second core.
//
// One worker serves an upload's batches of passages and a search's question alike, so it embeds one
// text at a time and then takes the request with the fewest texts left: a question that arrives
// while a batch of 16 passages is being embedded waits for one passage (tens of ms), not the whole
// batch (about half a second). Between two texts the event loop turns, so new requests are seen.
import { parentPort } from 'node:worker_threads';
import { loadUseLiteEncoder, USE_LITE_DIMENSION, type UseLiteEncoder } from './use-lite-encoder.ts';

interface EmbedRequest {
  id: number;
  texts: string[];
}

interface Task extends EmbedRequest {
  vectors: Float32Array<ArrayBuffer>;
  done: number;
}

const encoderReady = loadUseLiteEncoder();
const tasks: Task[] = [];
let stepping = false;

parentPort?.on('message', (request: EmbedRequest) => {
  if (request.texts.length === 0)
    return parentPort?.postMessage({ id: request.id, vectors: new Float32Array(0), count: 0 });
  tasks.push({ ...request, vectors: new Float32Array(request.texts.length * USE_LITE_DIMENSION), done: 0 });
  if (!stepping) {
    stepping = true;
    encoderReady.then(
      (encoder) => setImmediate(() => step(encoder)),
      (error: unknown) => failAll(error),
    );
  }
});

/** Embeds one text of the task with the fewest left (the earliest among equals), then yields. */
function step(encoder: UseLiteEncoder): void {
  const task = tasks.reduce((best, candidate) =>
    candidate.texts.length - candidate.done < best.texts.length - best.done ? candidate : best,
  );
  try {
    const text = task.texts[task.done] as string;
    const [vector] = encoder.embed([text]);
    task.vectors.set(vector as Float32Array, task.done * USE_LITE_DIMENSION);
    task.done += 1;
    if (task.done === task.texts.length) {
      tasks.splice(tasks.indexOf(task), 1);
      parentPort?.postMessage({ id: task.id, vectors: task.vectors, count: task.done }, [task.vectors.buffer]);
    }
  } catch (error) {
    tasks.splice(tasks.indexOf(task), 1);
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
  if (tasks.length > 0) setImmediate(() => step(encoder));
  else stepping = false;
}

function failAll(error: unknown): void {
  for (const task of tasks.splice(0))
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  stepping = false;
}
