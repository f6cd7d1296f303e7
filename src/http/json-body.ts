// The one reader of `application/json` request bodies, in place of Fastify's: it knows which
// operation the body is for, so an empty body is refused only where a body is required, and it reads
// the bytes as strict UTF-8 (JSON's encoding) instead of replacing what is not with U+FFFD.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { OPTIONAL_BODY } from './openapi/document-components.ts';
import type { ApiApp } from './types.ts';

type Done = (error: Error | null, body?: unknown) => void;

/** Throws on bytes that are not UTF-8; a leading byte-order mark is dropped. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the operation needs a body: it has a body schema that is not marked optional. */
function requiresBody(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  return schema?.body !== undefined && schema[OPTIONAL_BODY] !== true;
}

/** Whether the operation reads no body: a documented route with neither a body schema nor a
 * multipart body (routes without a schema of their own, such as a 405 answer, are left alone). */
function takesNoBody(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide === true || schema.body !== undefined) return false;
  return request.routeOptions.config.openapi?.multipartBody === undefined;
}

/**
 * A body sent to an operation that reads none was ignored, so `{"cascade": true}` on a message
 * delete deleted one message where the client meant more. It is refused, as unknown fields are;
 * `{}` names nothing and is answered as no body.
 */
function unreadBodyError(body: unknown): AppError | null {
  const refuse = (list: Record<string, string[]>) =>
    new AppError('INVALID_BODY', 'This operation takes no body.', { list });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse({ body: ['must be empty: this operation takes no body'] });
  const fields = Object.keys(body);
  return fields.length === 0
    ? null
    : refuse(Object.fromEntries(fields.map((field) => [field, ['is not an accepted field']])));
}

/** Objects and arrays nested deeper are refused before anything walks the body: the checks that
 * follow (prototype keys, U+0000, the schema) recurse, and 10,000 levels overflowed the stack. No
 * field of the API nests anywhere near it (a client tool's JSON Schema parameters the deepest). */
const MAX_BODY_DEPTH = 64;

/** Counted on the text, without recursion: brackets inside strings are not nesting. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}

/** Whether some object in the value has an own key that passes the test (JSON.parse makes `__proto__` one). */
function hasOwnKey(value: unknown, test: (key: string, child: unknown) => boolean): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, child]) => test(key, child) || hasOwnKey(child, test));
}

/**
 * Fastify's reader refuses `__proto__`, and `constructor.prototype`, as a prototype-poisoning attempt
 * with the same error as broken JSON; a client is told which it was. Null when the text is not JSON.
 */
function poisoningError(text: string): AppError | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const refuse = (message: string, rule: string) => new AppError('INVALID_BODY', message, { list: { body: [rule] } });
  if (hasOwnKey(value, (key) => key === '__proto__'))
    return refuse(
      'The body has a field named "__proto__", which is never accepted.',
      'must not have a field named "__proto__"',
    );
  const holdsPrototype = (child: unknown) =>
    typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype');
  if (hasOwnKey(value, (key, child) => key === 'constructor' && holdsPrototype(child)))
    return refuse(
      'The body has a "constructor" field holding "prototype", which is never accepted.',
      'must not have a "constructor" field holding "prototype"',
    );
  return null;
}

export function installJsonBodyParser(app: ApiApp): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done: Done) => {
    if (bytes.length === 0) {
      // Client libraries that set Content-Type: application/json on every request (a DELETE, a
      // cancel) send it with nothing after it: no body is what such an operation takes.
      if (!requiresBody(request)) return done(null, undefined);
      return done(
        new AppError('INVALID_BODY', 'The JSON body is empty.', { list: { body: ['must be a JSON object'] } }),
      );
    }
    let text: string;
    try {
      text = UTF8.decode(bytes as Buffer);
    } catch {
      // Stored as U+FFFD otherwise: the client would read back text it never sent.
      return done(
        new AppError('INVALID_BODY', 'The body is not valid UTF-8.', { list: { body: ['must be UTF-8 text'] } }),
      );
    }
    if (nestsDeeperThan(text, MAX_BODY_DEPTH))
      return done(
        new AppError(
          'INVALID_BODY',
          `The body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of objects and arrays.`,
          { list: { body: [`must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`] } },
        ),
      );
    parseJson(request, text, (error, body) => {
      if (error) return done(poisoningError(text) ?? error);
      const unread = takesNoBody(request) ? unreadBodyError(body) : null;
      return unread ? done(unread) : done(null, body);
    });
  });
}
