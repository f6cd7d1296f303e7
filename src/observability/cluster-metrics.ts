// Metrics of a cluster: the primary adds up its workers' registries with prom-client's
// AggregatorRegistry. A worker asked for /metrics on the API port asks the primary for that sum.
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

const REQUEST = 'colloquy:metrics-request';
const ANSWER = 'colloquy:metrics-answer';
const ASK_TIMEOUT_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: the workers' metrics added up, for its own metrics port and for any worker that asks. */
export function createClusterMetrics(): { collect(): Promise<string> } {
  const aggregator = new AggregatorRegistry();
  const collect = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    collect().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: Error) =>
        worker.isConnected() && worker.send({ type: ANSWER, id, error: error.message } satisfies Answer),
    );
  });
  return { collect };
}

let nextId = 0;
const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let listening = false;

/** In a worker: the whole cluster's metrics, through the primary. */
export function askPrimaryForMetrics(): Promise<string> {
  if (!process.send) return Promise.reject(new Error('not a cluster worker'));
  if (!listening) {
    listening = true;
    process.on('message', (message: Answer) => {
      if (message?.type !== ANSWER) return;
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.text !== undefined) waiter?.resolve(message.text);
      else waiter?.reject(new Error(message.error ?? 'no metrics'));
    });
  }
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the cluster primary did not answer with metrics in time'));
    }, ASK_TIMEOUT_MS);
    pending.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send!({ type: REQUEST, id });
  });
}
