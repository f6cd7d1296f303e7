// /mcp: the Model Context Protocol over Streamable HTTP, stateless (each POST carries its own
// key and gets a fresh server), behind the same authentication hook as the rest of /api/v1.
import type * as McpTools from './mcp-tools.ts';
import type * as StreamableHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import Type from 'typebox';
import { ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { consumeBatch } from './batch-rate-limit.ts';

const AGENTS_RESOURCE = 'colloquy://agents';

// The SDK (with zod) takes a second or more to load: loaded on the first MCP request, not at start.
let sdk: Promise<[typeof McpTools, typeof StreamableHttp]> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('./mcp-tools.ts'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]));

const DESCRIPTION = `A Model Context Protocol server (Streamable HTTP, stateless: no session id, no GET stream). Authenticate with \`Authorization: Bearer <key>\`; the key's agent and address restrictions and the account's rate limit apply to every request (each message of a JSON-RPC batch counts as one request).

Tools: \`search_knowledge\` {agentId, query, limit?} (charged as POST /agents/{agentId}/search) and \`ask_agent\` {agentId, message, conversationId?} (charged as a chat, with \`chat.completed\`/\`chat.failed\` events; the agent's client tools are not offered). Resource \`${AGENTS_RESOURCE}\`: the key's agents. A refusal is a tool result with \`isError\` and text \`CODE: message\` (Colloquy's error code).`;

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages.' },
  id: null,
};

// JSON-RPC 2.0 §6: an empty batch is one Invalid Request, not a batch of nothing. The transport
// would take `[]` as notifications only and answer 202; this answers as it answers other bad messages.
const EMPTY_BATCH = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };

const JSON_RPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
    id: {},
  },
  description: 'A JSON-RPC error object, written by the MCP transport.',
};

const MCP_ANSWERS = {
  200: {
    description: 'The JSON-RPC answer of the MCP Streamable HTTP transport (JSON responses, no session).',
    content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
  },
  400: {
    description:
      "A body that is empty, not JSON, nested over 64 levels or holding text no field accepts (U+0000, an unpaired surrogate): `INVALID_BODY`, the interface's error shape. JSON that is not a valid JSON-RPC message: a JSON-RPC error, code -32700 or -32600 (an empty batch `[]` is -32600 `Invalid Request`).",
    content: { 'application/json': { schema: { anyOf: [ErrorSchema, JSON_RPC_ERROR] } } },
  },
  406: {
    description:
      'The `Accept` header does not list both `application/json` and `text/event-stream`, as the MCP transport requires (a JSON-RPC error).',
    content: { 'application/json': { schema: JSON_RPC_ERROR } },
  },
};

export function registerMcp(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/mcp',
    {
      config: { openapi: { answers: MCP_ANSWERS } },
      schema: {
        operationId: 'mcp',
        tags: ['MCP'],
        summary: 'Model Context Protocol (Streamable HTTP)',
        description: DESCRIPTION,
        security: SECURITY,
        // Any JSON: the transport judges the message. Declared so the body is read (and documented).
        body: Type.Unknown({ description: 'A JSON-RPC message of the Model Context Protocol.' }),
      },
    },
    async (request, reply) => {
      const ctx = requireContext(request);
      if (Array.isArray(request.body) && request.body.length === 0) return reply.code(400).send(EMPTY_BATCH);
      await consumeBatch(deps, ctx, request.body, reply);
      const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await loadSdk();
      const server = createMcpServer(deps.domain, ctx, request.log);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      // The transport writes the answer itself; the headers set so far (rate limit, request id) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
}
