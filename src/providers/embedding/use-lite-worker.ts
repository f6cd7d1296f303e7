// Runs the Universal Sentence Encoder (lite) in a worker thread: the model's WebAssembly kernels
// are single-threaded, so one worker per core is how indexing uses a second core.
import { parentPort } from 'node:worker_threads';
import { loadUseLiteEncoder, USE_LITE_DIMENSION } from './use-lite-encoder.ts';
import { readQuestionTower } from './question-tower-file.ts';

interface EmbedRequest {
  id: number;
  texts: string[];
  /** Search questions: through the question tower, when one is committed. */
  questions?: boolean;
}

const encoderReady = loadUseLiteEncoder({ questionTower: readQuestionTower() });

parentPort?.on('message', (request: EmbedRequest) => {
  encoderReady
    .then((encoder) => {
      const vectors = request.questions ? encoder.embedQuestions(request.texts) : encoder.embed(request.texts);
      const flat = new Float32Array(vectors.length * USE_LITE_DIMENSION);
      vectors.forEach((vector, index) => flat.set(vector, index * USE_LITE_DIMENSION));
      parentPort?.postMessage({ id: request.id, vectors: flat, count: vectors.length }, [flat.buffer]);
    })
    .catch((error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }));
});
