// What @fastify/swagger is handed for each route: the route's own schema (the one that validates and
// serializes) with the rules every operation follows applied to a copy, so the document says what
// the server does without any route repeating it. Nothing here changes how a request is handled.
import type { TSchema } from 'typebox';
import type { ErrorCode } from '../../domain/errors.ts';
import { ErrorSchema } from '../schemas.ts';
import { ERROR_CODES } from './document-components.ts';

/** The few facts a route's schema cannot carry, kept in its `config.openapi`. */
export interface RouteDocumentation {
  /** A multipart/form-data body the handler reads itself (no body schema: Fastify does not parse it). */
  multipartBody?: TSchema;
  /** The 200 answer can also be a Server-Sent Events stream: when, and what its frames are. */
  eventStream?: { description: string };
  /** Answers the handler writes itself (Fastify serialises nothing for them), documented as given. */
  answers?: Record<string, JsonSchema>;
  /** The codes the route's own work can give, beside those every route of its kind gives (see
   * DocumentRouteOptions.codes): each error answer lists only the codes of its status among them. */
  errors?: readonly ErrorCode[];
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

interface RouteSchema {
  operationId?: string;
  security?: unknown[];
  hide?: boolean;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  consumes?: string[];
  response?: Record<string, JsonSchema>;
  [key: string]: unknown;
}

export interface DocumentRouteOptions {
  /** The document's servers URL: routes under it are shown relative to it, all others hidden. */
  prefix: string;
  /** Replaces a secured route's security requirement (the admin document's session). */
  security?: unknown[];
  /** Schemas of path parameters a route's prefix adds (the admin's `accountId`). */
  pathParams?: Record<string, TSchema>;
  /** The errors a route whose URL carries one of `pathParams` can give (the admin's 404 for an
   * account the person is not a member of), added where the route does not list them itself. */
  pathParamErrors?: Record<string, TSchema>;
  /** The errors every secured route of this document can give (authentication, rate limit, outage),
   * added where a route does not list them itself. */
  securedErrors?: Record<string, TSchema>;
  /** When set, each operation's error answers name only the codes it can give: these, those of its
   * path parameters and its route's own `errors`. Without it, an answer names every code of its status. */
  codes?: {
    /** Any route: a URL too long, a failure, an outage. */
    every: readonly ErrorCode[];
    /** A route that reads a body, a query or a path parameter. */
    validated: readonly ErrorCode[];
    /** A route whose method carries a body. */
    body: readonly ErrorCode[];
    /** A secured route. */
    secured: readonly ErrorCode[];
    /** A route whose URL has this path parameter (an id that may name nothing). */
    pathParams: Record<string, readonly ErrorCode[]>;
  };
}

/** Methods whose body Fastify reads (JSON or not, whether the route wants one): each can get 400
 * for a body that is not valid JSON and 413 for one over the limit. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A plain copy: TypeBox's symbol keys go, the JSON Schema stays. */
const copy = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

/** A property with a default may be left out, whatever the validator's `required` says (it fills
 * the default in before the handler runs). */
function withDefaultsOptional(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.properties || !schema.required) return schema;
  const properties = schema.properties as Record<string, { default?: unknown }>;
  const required = schema.required.filter((name) => properties[name]?.default === undefined);
  const { required: _, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}

/** Every `:name` of the URL is a declared path parameter, whichever scope added it to the URL. */
function withAllPathParams(
  params: JsonSchema | undefined,
  url: string,
  known: Record<string, TSchema>,
): JsonSchema | undefined {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const missing = names.filter((name) => !params?.properties?.[name]);
  if (missing.length === 0) return params;
  const added = Object.fromEntries(
    missing.map((name) => [name, known[name] ? copy<JsonSchema>(known[name]) : { type: 'string', minLength: 1 }]),
  );
  return {
    type: 'object',
    ...params,
    properties: { ...added, ...params?.properties },
    required: [...missing, ...(params?.required ?? [])],
  };
}

/** The errors any operation of its kind can give, beside those the route lists. A route whose
 * errors are ranges (`4XX`, the OpenAI-compatible door's own shape) gets only 431, which no route's
 * error handler answers. */
function withImpliedErrors(
  schema: RouteSchema,
  method: string,
  multipart: boolean,
  securedErrors: Record<string, TSchema>,
): Record<string, JsonSchema> {
  const response = { ...schema.response };
  const error = copy<JsonSchema>(ErrorSchema);
  // A URL and headers over Node's 16 KB: REQUEST_TOO_LARGE, answered before any route runs.
  response['431'] ??= error;
  // Ranges are written `4xx` (Fastify's spelling; the document shows them as `4XX`).
  if (Object.keys(response).some((status) => /^4xx$/i.test(status))) return response;
  const bodyMethod = BODY_METHODS.has(method);
  // A body (even one the route does not take), a query or a path parameter can fail validation: INVALID_BODY.
  if ((bodyMethod || schema.querystring || schema.params || multipart) && !response['400']) response['400'] = error;
  // A body over the server's limit: PAYLOAD_TOO_LARGE (an upload's is FILE_TOO_LARGE, declared by its route).
  if (bodyMethod && !response['413']) response['413'] = error;
  if (schema.security && schema.security.length > 0) {
    for (const [status, errorSchema] of Object.entries(securedErrors))
      response[status] ??= copy<JsonSchema>(errorSchema);
  }
  return response;
}

/** The codes an operation can give: those of its kind, of its path parameters, and its route's own. */
function operationCodes(
  codes: NonNullable<DocumentRouteOptions['codes']>,
  schema: RouteSchema,
  url: string,
  method: string,
  extras: RouteDocumentation,
): ErrorCode[] {
  const bodyMethod = BODY_METHODS.has(method);
  const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return [
    ...new Set([
      ...codes.every,
      ...(bodyMethod || schema.querystring || schema.params || extras.multipartBody ? codes.validated : []),
      ...(bodyMethod ? codes.body : []),
      ...((schema.security ?? []).length > 0 ? codes.secured : []),
      ...params.flatMap((name) => codes.pathParams[name] ?? []),
      ...(extras.errors ?? []),
    ]),
  ];
}

/** The 200 answer as JSON or, when the route says so, as an event stream. */
function withEventStream(
  response: Record<string, JsonSchema>,
  eventStream: RouteDocumentation['eventStream'],
): Record<string, JsonSchema> {
  const ok = response['200'];
  if (!eventStream || !ok) return response;
  return {
    ...response,
    200: {
      description: "The answer: one JSON body, or a Server-Sent Events stream (see the operation's description).",
      content: {
        'application/json': { schema: ok },
        'text/event-stream': {
          schema: {
            type: 'string',
            description: `${eventStream.description} Each frame is one \`data: {json}\` line and a blank line; an empty \`data:\` line ends the stream.`,
          },
        },
      },
    },
  };
}

/** The swagger `transform` of one document. */
export function createRouteDocumenter(options: DocumentRouteOptions) {
  return function documentRoute({
    schema,
    url,
    route,
  }: {
    schema: unknown;
    url: string;
    route: { method: string | string[]; config?: { openapi?: RouteDocumentation } };
  }) {
    const original = (schema ?? {}) as RouteSchema;
    if (!url.startsWith(options.prefix)) return { schema: { ...original, hide: true } as never, url };
    const extras = route.config?.openapi ?? {};
    const documented = copy<RouteSchema>(original);
    documented.params = withAllPathParams(documented.params, url, options.pathParams ?? {});
    documented.querystring = withDefaultsOptional(documented.querystring);
    documented.body = withDefaultsOptional(documented.body);
    if (extras.multipartBody) {
      documented.body = copy<JsonSchema>(extras.multipartBody);
      documented.consumes = ['multipart/form-data'];
    }
    if (extras.answers) documented.response = { ...extras.answers, ...documented.response };
    const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
    documented.response = withEventStream(
      withImpliedErrors(documented, method, Boolean(extras.multipartBody), options.securedErrors ?? {}),
      extras.eventStream,
    );
    const prefixParams = Object.keys(options.pathParams ?? {});
    if (prefixParams.some((name) => url.includes(`:${name}`)))
      for (const [status, errorSchema] of Object.entries(options.pathParamErrors ?? {}))
        documented.response[status] ??= copy<JsonSchema>(errorSchema);
    // No requirement stated means none: say so, or the document's default would apply.
    documented.security = original.security ? (options.security ?? original.security) : [];
    if (options.codes) documented[ERROR_CODES] = operationCodes(options.codes, documented, url, method, extras);
    for (const key of ['params', 'querystring', 'body'] as const)
      if (documented[key] === undefined) delete documented[key];
    return { schema: documented as never, url: url.slice(options.prefix.length) || '/' };
  };
}
