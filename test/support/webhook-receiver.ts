// A real webhook receiver on loopback: every delivery is checked with the public
// `standardwebhooks` library against the endpoint's secret, then answered as the test says.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  webhookId: string;
  timestamp: number;
  /** The parsed envelope. */
  envelope: { id: string; type: string; created: string; data: Record<string, unknown> };
  headers: IncomingHttpHeaders;
  path: string;
  /** Whether the signature verified (with the library's time check when `checkTime`). */
  verified: boolean;
}

type Answer = number | ((delivery: ReceivedDelivery) => number | Promise<number>);

export interface Receiver {
  url(path?: string): string;
  received: ReceivedDelivery[];
  /** Sets how to answer: a status, or a function of the delivery (a promise holds the answer
   * back until it settles); optional delay in ms. */
  respond(answer: Answer, delayMs?: number): void;
  /** Resolves once `count` deliveries have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `secrets` maps a request path to its endpoint's secret (the test learns secrets after it knows
 * the receiver's URL). With a test clock far from now, `checkTime: false` verifies the signature by
 * signing the same id, timestamp and body with the library and comparing, instead of `verify()`,
 * whose five-minute tolerance is measured against the real time.
 */
export async function startReceiver(
  secrets: Map<string, string>,
  options: { checkTime?: boolean } = {},
): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  let answer: Answer = 200;
  let delayMs = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const secret = secrets.get(path);
      const headers = request.headers as Record<string, string>;
      let verified = false;
      if (secret) {
        const hook = new Webhook(secret);
        try {
          if (options.checkTime ?? true) {
            hook.verify(body, headers);
          } else {
            const expected = hook.sign(
              headers['webhook-id'] as string,
              new Date(Number(headers['webhook-timestamp']) * 1000),
              body,
            );
            if (expected !== headers['webhook-signature']) throw new Error('bad signature');
          }
          verified = true;
        } catch {
          verified = false;
        }
      }
      const delivery: ReceivedDelivery = {
        webhookId: headers['webhook-id'] as string,
        timestamp: Number(headers['webhook-timestamp']),
        envelope: JSON.parse(body),
        headers: request.headers,
        path,
        verified,
      };
      received.push(delivery);
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const wait = delayMs;
      void Promise.resolve(typeof answer === 'number' ? answer : answer(delivery)).then((status) =>
        setTimeout(() => {
          response.writeHead(status, { 'content-type': 'text/plain' });
          response.end(status < 300 ? 'ok' : 'no');
        }, wait),
      );
    });
  });
  server.keepAliveTimeout = 1000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };

  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    respond(next, delay = 0) {
      answer = next;
      delayMs = delay;
    },
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${count} deliveries`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
