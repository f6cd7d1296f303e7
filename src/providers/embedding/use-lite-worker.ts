// Runs the Universal Sentence Encoder (lite) in a worker thread: the model's WebAssembly kernels
// are single-threaded, so one worker per core is how indexing uses a second core.
import { existsSync, readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { loadUseLiteEncoder, QUESTION_TOWER_URL, USE_LITE_DIMENSION, type QuestionTowerWeights } from './use-lite-encoder.ts';

interface EmbedRequest {
  id: number;
  texts: string[];
  /** Search questions: through the question tower, when one is committed. */
  questions?: boolean;
}

const questionTower = existsSync(QUESTION_TOWER_URL) ? (JSON.parse(readFileSync(QUESTION_TOWER_URL, 'utf8')) as QuestionTowerWeights) : null;
const encoderReady = loadUseLiteEncoder({ questionTower });

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
