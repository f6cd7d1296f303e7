// The Model Context Protocol server of one authenticated request: tools `search_knowledge` and
// `ask_agent`, and the resource listing the key's agents. Each runs the domain with the key's
// context, so its restrictions, charges and events are the ones of /api/v1.
import Type, { type Static } from 'typebox';
import { Ajv } from 'ajv';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  McpError,
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainDeps, RequestContext } from '../../domain/context.ts';
import { isAppError } from '../../domain/errors.ts';
import { listAgents } from '../../domain/agents/list-agents.ts';
import { searchKnowledge, SEARCH_CREDITS } from '../../domain/search/search-knowledge.ts';
import { sendChat } from '../../domain/chat/send-chat.ts';
import { CHAT_MESSAGE_MAX } from '../routes/chat.ts';
import { SEARCH_QUERY_MAX } from '../routes/search.ts';
import { NOT_BLANK } from '../validation.ts';
import { API_VERSION } from '../routes/ping.ts';

/** Also named in mcp-route.ts, which does not import this file at start. */
export const AGENTS_RESOURCE = 'colloquy://agents';
const AGENTS_MAX = 1_000;
/** MCP's error code for a resource URI the server does not have. */
const RESOURCE_NOT_FOUND = -32002;

const AgentId = Type.String({
  minLength: 1,
  maxLength: 200,
  description: `An agent id (the resource ${AGENTS_RESOURCE} lists them).`,
});

const SearchInput = Type.Object(
  {
    agentId: AgentId,
    query: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX, pattern: NOT_BLANK }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Passages to return (default 5).' })),
  },
  { additionalProperties: false },
);

const AskInput = Type.Object(
  {
    agentId: AgentId,
    message: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: NOT_BLANK }),
    conversationId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Continue this conversation (from an earlier answer).',
      }),
    ),
  },
  { additionalProperties: false },
);

const TOOLS = [
  {
    name: 'search_knowledge',
    title: 'Search an agent’s knowledge',
    description: `The passages of an agent's knowledge closest to a query, best first, each with its score (0 to 1) and source. Costs ${SEARCH_CREDITS} credits.`,
    inputSchema: SearchInput,
  },
  {
    name: 'ask_agent',
    title: 'Ask an agent',
    description:
      "Sends a message to an agent, which answers from its instructions and knowledge. Costs the agent's model's price in credits. Send the returned conversationId to continue the conversation.",
    inputSchema: AskInput,
  },
];

const ajv = new Ajv({ allErrors: true, strict: false });
const checkSearch = ajv.compile<Static<typeof SearchInput>>(SearchInput);
const checkAsk = ajv.compile<Static<typeof AskInput>>(AskInput);

const text = (value: string): CallToolResult['content'] => [{ type: 'text', text: value }];

/** Refusals are tool results marked as errors (the model reads them); the spec's code leads. The
 * structured error is the HTTP API's error object, details included (PENDING_TOOL_CALLS' `ids`,
 * CONTENT_BLOCKED's `output`, …); the text names the tool calls too, for a model that reads only it. */
function failed(error: unknown, log: FastifyBaseLogger): CallToolResult {
  if (isAppError(error)) {
    const { ids } = error.details;
    const toolCalls = ids && ids.length > 0 ? ` Tool calls: ${ids.join(', ')}.` : '';
    return {
      isError: true,
      content: text(`${error.code}: ${error.message}${toolCalls}`),
      structuredContent: { error: { code: error.code, message: error.message, ...error.details } },
    };
  }
  log.error({ err: error }, 'mcp tool failed');
  return {
    isError: true,
    content: text('UNKNOWN_ERROR: An internal error occurred.'),
    structuredContent: { error: { code: 'UNKNOWN_ERROR', message: 'An internal error occurred.' } },
  };
}

function invalid(errors: typeof checkSearch.errors): CallToolResult {
  const detail = ajv.errorsText(errors, { dataVar: 'arguments' });
  return {
    isError: true,
    content: text(`INVALID_BODY: ${detail}`),
    structuredContent: { error: { code: 'INVALID_BODY', message: detail } },
  };
}

async function callTool(
  deps: DomainDeps,
  ctx: RequestContext,
  name: string,
  args: unknown,
  signal: AbortSignal,
): Promise<CallToolResult> {
  if (name === 'search_knowledge') {
    if (!checkSearch(args)) return invalid(checkSearch.errors);
    const results = await searchKnowledge(
      deps,
      ctx,
      args.agentId,
      { query: args.query, limit: args.limit ?? 5 },
      signal,
    );
    return { content: text(JSON.stringify(results)), structuredContent: { results } };
  }
  if (name === 'ask_agent') {
    if (!checkAsk(args)) return invalid(checkAsk.errors);
    // No client tools: an MCP caller has no way to run the agent's.
    const answer = await sendChat(
      deps,
      ctx,
      args.agentId,
      { message: args.message, conversationId: args.conversationId, tools: [] },
      { signal },
    );
    return {
      content: text(answer.content),
      structuredContent: {
        reply: answer.content,
        conversationId: answer.conversationId,
        messageId: answer.messageId,
        credits: answer.credits,
      },
    };
  }
  return { isError: true, content: text(`INVALID_BODY: no tool named ${name}`) };
}

export function createMcpServer(deps: DomainDeps, ctx: RequestContext, log: FastifyBaseLogger): Server {
  const server = new Server(
    { name: 'colloquy', version: API_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: `Search and ask the agents of a Colloquy account. Read ${AGENTS_RESOURCE} for their ids.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((tool) => ({ ...tool, inputSchema: tool.inputSchema as never })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      return await callTool(deps, ctx, request.params.name, request.params.arguments ?? {}, extra.signal);
    } catch (error) {
      return failed(error, log);
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: AGENTS_RESOURCE,
        name: 'agents',
        title: 'Agents',
        description: 'The agents this key may use: id, name, model.',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    // -32002 is MCP's "Resource not found"; a plain Error would be answered as an internal error.
    if (request.params.uri !== AGENTS_RESOURCE)
      throw new McpError(RESOURCE_NOT_FOUND, `No resource ${request.params.uri}.`, { uri: request.params.uri });
    const { items } = await listAgents(deps, ctx, { page: 1, size: AGENTS_MAX });
    const agents = items.map((agent) => ({ id: agent.id, name: agent.name, model: agent.model }));
    return { contents: [{ uri: AGENTS_RESOURCE, mimeType: 'application/json', text: JSON.stringify({ agents }) }] };
  });
  return server;
}
