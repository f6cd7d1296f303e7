// Serves the built console (console/dist) at /console/. Every path that is not a built file gets
// index.html, so the console's own links (/console/a/…/agents) work when opened directly.
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { ApiApp } from './types.ts';

export const CONSOLE_PREFIX = '/console';
const DIST_DIR = join(import.meta.dirname, '..', '..', 'console', 'dist');

// The console needs nothing from other origins; it may not be framed (clickjacking).
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Colloquy console</title>
<p>The console has not been built. <code>npm start</code> builds it before starting the server; or run <code>node console/build.ts</code>.</p>`;

function isBuiltFile(relativePath: string): boolean {
  // Dot files (the build's .build-hash) are bookkeeping, not part of the site.
  if (relativePath.split('/').some((segment) => segment.startsWith('.'))) return false;
  const path = normalize(join(DIST_DIR, relativePath));
  if (!path.startsWith(DIST_DIR + sep)) return false;
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function sendIndex(reply: FastifyReply): FastifyReply {
  reply.headers(PAGE_HEADERS);
  if (!existsSync(join(DIST_DIR, 'index.html')))
    return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
  // The page names the current asset files, so it is always revalidated.
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}

export async function registerConsolePages(app: ApiApp): Promise<void> {
  // Cache headers are set here per kind of file, not by the plugin. Scripts and styles go out as
  // the Brotli or gzip copies the build made, when the browser accepts them.
  await app.register(fastifyStatic, {
    root: DIST_DIR,
    serve: false,
    decorateReply: true,
    cacheControl: false,
    preCompressed: true,
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  // Also `/console`: the router ignores trailing slashes.
  app.get(`${CONSOLE_PREFIX}/`, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path.startsWith('assets/')) {
      if (!isBuiltFile(path)) return reply.callNotFound();
      // Asset names carry a hash of their content: cache them for good.
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').sendFile(path);
    }
    if (path !== '' && path !== 'index.html' && isBuiltFile(path)) return reply.headers(PAGE_HEADERS).sendFile(path);
    return sendIndex(reply);
  });
}
