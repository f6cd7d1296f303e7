// /metrics on a port of its own (config metrics.port), for a scraper on a network the public
// never reaches. Only GET /metrics (and /healthz) are answered there.
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { MetricsConfig } from '../config.ts';
import { Registry } from 'prom-client';
import { hasMetricsToken } from './metrics-token.ts';

export async function startMetricsServer(
  config: MetricsConfig,
  collect: () => Promise<string>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || (path !== '/metrics' && path !== '/healthz'))
      return void response.writeHead(404).end();
    if (path === '/healthz')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (!hasMetricsToken(config.token, request.headers.authorization))
      return void response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    collect().then(
      (text) => response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
      (error: Error) =>
        response.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${error.message}\n`),
    );
  });
  server.listen(config.port ?? 0, config.host);
  await once(server, 'listening');
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
