// The swagger `transformObject` of both documents: after every route is in, the shapes the routes
// share become components.schemas (each inline copy a $ref), the response headers become
// components.headers referenced from every response that carries them, error responses name the
// codes of their status (from the one error table), and the tags and webhooks are declared.
import type { TSchema } from 'typebox';
import { STATUS_BY_CODE } from '../error-table.ts';
import { webhooksSection } from './webhook-events.ts';

type Json = Record<string, unknown>;
type Operation = Json & {
  security?: unknown[];
  responses?: Record<string, Json & { headers?: Json; content?: Record<string, { schema?: unknown }> }>;
  tags?: string[];
};

export interface DocumentComponentsOptions {
  /** Named shapes: each becomes components.schemas[name], and every equal inline schema a $ref to it. */
  schemas: Record<string, TSchema>;
  /** Whether secured operations pass the rate limit and so carry RateLimit-* headers (the public API). */
  rateLimited: boolean;
  /** Whether secured operations take a bearer key and so challenge for one on 401 (the public API). */
  bearerChallenge?: boolean;
  /** Descriptions of the tags the operations use. */
  tagDescriptions?: Record<string, string>;
}

/** Who answers for a document: whoever runs the server that serves it. */
export const DOCUMENT_CONTACT = { name: 'The operator of this Colloquy server' };

const HEADERS: Record<string, Json> = {
  'X-Request-Id': {
    description: 'The id of this request (`req_…`), on every answer; logs carry it. Quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description:
      "Requests the account may make per minute (its plan's limit), counted across all its keys. Absent on 403 `IP_NOT_ALLOWED`, refused before the rate limit.",
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Whole seconds until the window resets.',
    schema: { type: 'integer', minimum: 0 },
  },
  'WWW-Authenticate': {
    description:
      'With 401 `AUTH_REQUIRED` or `KEY_EXPIRED` (RFC 6750): `Bearer` when no key was sent, `Bearer error="invalid_token"` when the key is unknown, revoked, expired or not usable on this route.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'With 429 `RATE_LIMITED`: seconds until the window resets and a request may succeed.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** Sorted keys, so two equal schemas give the same text whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Json)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A schema as @fastify/swagger writes it into the document: JSON only, and `patternProperties`
 * (TypeBox's records) turned into `additionalProperties`. */
function asDocumented(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDocumented);
  if (!value || typeof value !== 'object') return value;
  const { patternProperties, ...rest } = value as Json;
  const result = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, asDocumented(item)]));
  if (patternProperties && typeof patternProperties === 'object')
    result.additionalProperties = asDocumented(Object.values(patternProperties)[0]);
  return result;
}

/** Replaces, top down, every subtree equal to a named shape by a $ref to it (`own`: not the root itself). */
function referTo(node: unknown, names: Map<string, string>, own?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => referTo(item, names));
  if (!node || typeof node !== 'object') return node;
  const name = names.get(canonical(node));
  if (name !== undefined && name !== own) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referTo(value, names)]));
}

/** The header components the document refers to. */
function usedHeaders(document: unknown): Json {
  const text = JSON.stringify(document);
  return Object.fromEntries(
    Object.entries(HEADERS).filter(([name]) => text.includes(`"#/components/headers/${name}"`)),
  );
}

/** The named shapes the document refers to, directly or through another named shape. */
function referenced(document: unknown, schemas: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const visit = (text: string) => {
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1] as string;
      if (!found.has(name)) {
        found.add(name);
        visit(JSON.stringify(schemas[name] ?? null));
      }
    }
  };
  visit(JSON.stringify(document));
  return found;
}

/** Which error codes an answer of this status carries, from the one error table. */
function codesOf(status: number): string[] {
  return Object.entries(STATUS_BY_CODE)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => code);
}

function operationsOf(document: Json): Operation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  return Object.values(paths).flatMap((item) => Object.values(item));
}

/** The route's marker `x-body-optional` (its handler takes no body as `{}`) becomes
 * `requestBody.required: false`; @fastify/swagger marks every body required. */
export const OPTIONAL_BODY = 'x-body-optional';

function markOptionalBody(operation: Operation): void {
  if (!operation[OPTIONAL_BODY]) return;
  delete operation[OPTIONAL_BODY];
  if (operation.requestBody) (operation.requestBody as Json).required = false;
}

/** The route documenter's marker: the codes this operation can give (absent: any of its statuses'). */
export const ERROR_CODES = 'x-error-codes';

/** The codes an answer's body may carry when its schema lists them (the flat 401 shapes), so its
 * description never names one the shape refuses. */
function schemaCodes(response: Json): string[] | undefined {
  type CodeSchema = { properties?: { code?: { anyOf?: Array<{ const?: string }> } } };
  const content = response.content as Record<string, { schema?: CodeSchema }> | undefined;
  const options = content?.['application/json']?.schema?.properties?.code?.anyOf;
  return options?.map((option) => option.const ?? '');
}

/** Headers and, for errors, the codes: what every answer of this operation says beyond its body. */
function describeResponses(operation: Operation, options: DocumentComponentsOptions): void {
  const secured = (operation.security ?? []).length > 0;
  const own = operation[ERROR_CODES] as string[] | undefined;
  delete operation[ERROR_CODES];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const code = Number(status);
    const names = ['X-Request-Id'];
    // Refused before the rate limit is consulted: 401 (and 403 IP_NOT_ALLOWED) carry none, nor does
    // 431, answered before any route runs.
    if (options.rateLimited && secured && code !== 401 && code !== 431) names.push(...RATE_LIMIT_HEADERS);
    if (options.bearerChallenge && secured && code === 401) names.push('WWW-Authenticate');
    if (code === 429) names.push('Retry-After');
    response.headers = {
      ...response.headers,
      ...Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])),
    };
    if (response.description === 'Default Response')
      response.description = code < 300 ? 'Success.' : "See the operation's description.";
    const allowed = schemaCodes(response);
    const codes = codesOf(code).filter((name) => (!own || own.includes(name)) && (!allowed || allowed.includes(name)));
    if (code >= 400 && codes.length > 0)
      response.description = `Error; \`code\` is one of ${codes.map((c) => `\`${c}\``).join(', ')}.`;
  }
}

/** The swagger `transformObject` of one document. */
export function createDocumentCompleter(options: DocumentComponentsOptions) {
  const named = Object.fromEntries(
    Object.entries(options.schemas).map(([name, schema]) => [
      name,
      asDocumented(JSON.parse(JSON.stringify(schema))) as Json,
    ]),
  );
  const names = new Map(Object.entries(named).map(([name, schema]) => [canonical(schema), name]));
  return function completeDocument({ openapiObject }: { openapiObject: Json }): Json {
    const document = openapiObject as Json & { components?: Json };
    for (const operation of operationsOf(document)) {
      describeResponses(operation, options);
      markOptionalBody(operation);
    }
    const webhooks = webhooksSection();
    const usedTags = [
      ...new Set(
        [...operationsOf(document), ...Object.values(webhooks).map((item) => item.post)].flatMap(
          (operation) => operation.tags ?? [],
        ),
      ),
    ];
    const result = referTo({ ...document, webhooks }, names) as Json;
    const all = Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, referTo(schema, names, name)]));
    const used = referenced(result, all);
    const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
    return {
      ...result,
      tags: usedTags.map((name) => ({
        name,
        ...(options.tagDescriptions?.[name] && { description: options.tagDescriptions[name] }),
      })),
      components: {
        ...(result.components as Json),
        schemas: { ...((result.components as Json | undefined)?.schemas as Json), ...schemas },
        headers: usedHeaders(result),
      },
    };
  };
}
