// GET /widget.js: the embeddable widget (widget/widget.js), loaded by any page with a script tag.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ApiApp } from '../types.ts';

export const WIDGET_SCRIPT_PATH = join(import.meta.dirname, '..', '..', '..', 'widget', 'widget.js');

export function registerWidgetScript(app: ApiApp): void {
  const source = readFileSync(WIDGET_SCRIPT_PATH);
  const gzipped = gzipSync(source, { level: 9 });
  app.get('/widget.js', { schema: { hide: true } }, async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Vary', 'Accept-Encoding')
      .header('X-Content-Type-Options', 'nosniff');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('Content-Encoding', 'gzip').send(gzipped);
    return reply.send(source);
  });
}
