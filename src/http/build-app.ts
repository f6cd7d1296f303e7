import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createAuthenticationHook } from './authenticate.ts';
import { installGracefulClose } from './graceful-close.ts';
import { installJsonBodyParser } from './json-body.ts';
import { refuseContentCodings } from './content-encoding.ts';
import { installErrorHandling, sendAppError } from './error-handler.ts';
import { createClientErrorHandler } from './client-error.ts';
import { AppError } from '../domain/errors.ts';
import { loggerOptions, OneLinePerRequest } from './logging.ts';
import { validatorCompiler } from './validation.ts';
import { buildLazySerializer } from './lazy-serializers.ts';
import { recordAllowedMethods } from './allowed-methods.ts';
import type { ApiApp, HttpDeps } from './types.ts';
import { API_VERSION, registerPing } from './routes/ping.ts';
import { registerValidate } from './routes/validate.ts';
import { registerListAgents } from './routes/list-agents.ts';
import { registerGetAgent } from './routes/get-agent.ts';
import { registerUpdateAgent } from './routes/update-agent.ts';
import { registerListModels } from './routes/list-models.ts';
import { registerGetUsage } from './routes/get-usage.ts';
import { registerListSources } from './routes/list-sources.ts';
import { registerAddTextSource } from './routes/add-text-source.ts';
import { registerAddQaSource } from './routes/add-qa-source.ts';
import { registerUploadFileSource } from './routes/upload-file-source.ts';
import { registerCrawlWebsite } from './routes/crawl-website.ts';
import { registerDeleteSource } from './routes/delete-source.ts';
import { registerSearch } from './routes/search.ts';
import { registerChat } from './routes/chat.ts';
import { registerListConversations } from './routes/list-conversations.ts';
import { registerListMessages } from './routes/list-messages.ts';
import { registerDeleteConversation } from './routes/delete-conversation.ts';
import { registerDeleteMessage } from './routes/delete-message.ts';
import { registerCancelToolCall } from './routes/cancel-tool-call.ts';
import { registerMessageFeedback } from './routes/message-feedback.ts';
import { registerAddTestQuestion } from './routes/add-test-question.ts';
import { registerListTestQuestions } from './routes/list-test-questions.ts';
import { registerDeleteTestQuestion } from './routes/delete-test-question.ts';
import { registerGetTestQuestion } from './routes/get-test-question.ts';
import { registerStartTestRun } from './routes/start-test-run.ts';
import { registerListTestRuns } from './routes/list-test-runs.ts';
import { registerGetTestRun } from './routes/get-test-run.ts';
import { registerRequestHandoff } from './routes/request-handoff.ts';
import { registerResolveHandoff } from './routes/resolve-handoff.ts';
import { registerAddPersonReply } from './routes/add-person-reply.ts';
import { registerFollowConversation } from './routes/follow-conversation.ts';
import { registerAdminApi } from './admin/admin-api.ts';
import { OPENAI_PREFIX, registerOpenAiDoor } from './openai/openai-door.ts';
import { registerMcp } from './mcp/mcp-route.ts';
import { WIDGET_PREFIX, registerWidgetDoor } from './widget/widget-door.ts';
import { registerWidgetScript } from './widget/widget-script.ts';
import { registerConsolePages } from './console-pages.ts';
import { registerFavicon } from './favicon.ts';
import { createRouteDocumenter } from './openapi/route-documentation.ts';
import { PUBLIC_ERROR_CODES } from './openapi/public-error-codes.ts';
import { createDocumentCompleter, DOCUMENT_CONTACT } from './openapi/document-components.ts';
import { AUTHENTICATED_ERRORS, SHARED_SCHEMAS } from './schemas.ts';
import {
  installRequestMetrics,
  registerObservabilityRoutes,
  type Observability,
} from '../observability/observability-routes.ts';
import { createServiceMetrics } from '../observability/service-metrics.ts';
import { createReadiness } from '../observability/readiness.ts';

export const API_PREFIX = '/api/v1';

/** The longest path segment the router takes, as sent (percent-encoded): an id of 200 characters
 * (the longest the API accepts, e.g. a chat `userId`) of 4-byte UTF-8 characters, each `%XX` × 4. */
export const MAX_PARAM_LENGTH = 200 * 4 * 3;
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH };

const API_DESCRIPTION = `Colloquy's public interface, version ${API_VERSION}.

Authentication: \`Authorization: Bearer <key>\` only. Rate limits are counted per account per minute across all its keys;
every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` (requests left in the current window) and
\`RateLimit-Reset\` (**whole seconds** until the window resets); a 429 \`RATE_LIMITED\` also carries \`Retry-After\` (seconds).
Requests refused before the rate limit is consulted (401, and 403 \`IP_NOT_ALLOWED\`) carry no RateLimit headers and do not count.

Errors: 401 is flat \`{error, code}\`; everything else is \`{success:false, error:{code, message, list?, ids?}}\`.
Beyond the interface's codes this service adds \`NOT_FOUND\` (404, no such route), \`METHOD_NOT_ALLOWED\` (405, the path exists but not with this method; \`Allow\` lists the methods it has), \`PAYLOAD_TOO_LARGE\` (413, JSON body over the limit), \`REQUEST_TOO_LARGE\` (431, the URL and headers over 16 KB together), \`SERVICE_UNAVAILABLE\` (503, the database unreachable, the extraction queue full or the server shutting down, with \`Retry-After\`) and the codes of its own routes (handoff, test questions, the widget). The \`ErrorCode\` schema lists every code; each error response names the codes of its status.`;

/** Errors the router raises before any route runs, in the spec's shape. */
function fromRouterError(error: Error): AppError {
  switch ((error as { code?: string }).code) {
    case 'FST_ERR_BAD_URL':
      return new AppError('INVALID_BODY', 'The URL is not valid: a path segment has a malformed percent-escape.', {
        list: { path: ['must be valid percent-encoded UTF-8'] },
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('INVALID_BODY', 'The URL is not valid: a path segment is too long.', {
        list: {
          path: [
            `each segment must be at most ${MAX_PARAM_LENGTH} characters as sent (an id of at most 200 characters, percent-encoded)`,
          ],
        },
      });
    default:
      return new AppError('INVALID_BODY', 'The request is invalid.', { list: { path: ['could not be routed'] } });
  }
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Health and key': 'Is the service up, and does the key work.',
  Agents: 'The agents of the account (created and deleted in the console).',
  'Models and usage': 'The models of the plan, the credit balance and what was spent.',
  Knowledge: 'What an agent knows: text, Q&A, files and crawled web pages.',
  Search: 'The passages of an agent closest to a query, without a model.',
  Chat: 'Answers from an agent, as JSON or a stream.',
  Conversations: 'Stored conversations, their messages, feedback and tool calls.',
  Tests:
    "An agent's test questions and their runs: does search still find the expected sources after each knowledge change (docs/test-questions.md).",
  Handoff:
    'Hand a conversation to a person, reply as one, give it back to the agent, and follow it as it happens (docs/handoff.md).',
  'OpenAI-compatible':
    "Chat Completions and models in the OpenAI API's shapes, for OpenAI SDKs and tools (errors in OpenAI's shape).",
  MCP: "The Model Context Protocol: an agent's search and chat as tools for MCP clients.",
  Widget: 'What the embeddable chat widget calls from a web page, with a publishable key limited to listed origins.',
  'Webhook events': 'What the service sends to the endpoints configured in the console.',
};

/** Metrics on the API's port without a token, readiness of the database alone: what tests and
 * benchmarks that build the app themselves get. */
function defaultObservability(deps: HttpDeps): Observability {
  const readiness = createReadiness();
  readiness.addCheck('database', () => deps.domain.store.ping());
  return {
    metrics: createServiceMetrics({ clustered: false }),
    config: { enabled: true, port: null, host: '127.0.0.1', token: null },
    readiness,
  };
}

/** Builds the HTTP application: the public API under /api/v1, its OpenAPI document and docs page. */
export async function buildApp(deps: HttpDeps): Promise<ApiApp & { closeGracefully: () => Promise<void> }> {
  const app = Fastify({
    logger: { ...loggerOptions(deps.server.logLevel), ...(deps.logStream && { stream: deps.logStream }) },
    logController: new OneLinePerRequest(),
    bodyLimit: deps.server.bodyLimit,
    trustProxy: deps.server.trustedProxies.length > 0 ? deps.server.trustedProxies : false,
    genReqId: () => deps.domain.ids.next('req'),
    return503OnClosing: true,
    // Errors Fastify raises before any route runs, in the spec's shape too; no hook has run, so the
    // request id is set here.
    frameworkErrors: (error, request, reply) =>
      void sendAppError(reply.header('X-Request-Id', request.id) as never, fromRouterError(error)),
    routerOptions: ROUTER_OPTIONS,
    clientErrorHandler: createClientErrorHandler(() => deps.domain.ids.next('req')),
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const observability = deps.observability ?? defaultObservability(deps);
  app.decorate('metrics', observability.metrics);
  installRequestMetrics(app, observability.metrics);
  const allowedMethods = recordAllowedMethods(app, ROUTER_OPTIONS);
  app.setValidatorCompiler(validatorCompiler);
  // Bodies are JSON (or multipart uploads): a JSON text sent as text/plain, fetch's default without a
  // Content-Type, is told to send application/json rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  refuseContentCodings(app);
  app.decorateRequest('ctx', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('reauthenticate', null);
  // Callback hooks, not async ones, on every request: no promise to settle.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  installErrorHandling(app, allowedMethods);
  const closeGracefully = installGracefulClose(app, deps.server.shutdownGraceMs);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Colloquy API', version: API_VERSION, description: API_DESCRIPTION, contact: DOCUMENT_CONTACT },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API-Key' },
          publishableKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Publishable key (cq_pub_…), widget routes only',
          },
        },
      },
    },
    // Only the public API's routes: the admin API has its own document (http/admin/admin-api.ts).
    transform: createRouteDocumenter({
      prefix: API_PREFIX,
      securedErrors: AUTHENTICATED_ERRORS,
      codes: PUBLIC_ERROR_CODES,
    }),
    transformObject: createDocumentCompleter({
      schemas: SHARED_SCHEMAS,
      rateLimited: true,
      bearerChallenge: true,
      tagDescriptions: TAG_DESCRIPTIONS,
    }) as never,
    hideUntagged: true,
    convertConstToEnum: false, // OpenAPI 3.1 has `const`; generated clients type it as a literal
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  await app.register(
    async (api: ApiApp) => {
      api.addHook('onRequest', createAuthenticationHook(deps, observability.metrics));
      registerPing(api, deps);
      registerValidate(api, deps);
      registerListAgents(api, deps);
      registerGetAgent(api, deps);
      registerUpdateAgent(api, deps);
      registerListModels(api, deps);
      registerGetUsage(api, deps);
      registerListSources(api, deps);
      registerAddTextSource(api, deps);
      registerAddQaSource(api, deps);
      await registerUploadFileSource(api, deps);
      registerCrawlWebsite(api, deps);
      registerDeleteSource(api, deps);
      registerSearch(api, deps);
      registerChat(api, deps);
      registerListConversations(api, deps);
      registerListMessages(api, deps);
      registerDeleteConversation(api, deps);
      registerDeleteMessage(api, deps);
      registerCancelToolCall(api, deps);
      registerMessageFeedback(api, deps);
      registerAddTestQuestion(api, deps);
      registerListTestQuestions(api, deps);
      registerDeleteTestQuestion(api, deps);
      registerGetTestQuestion(api, deps);
      registerStartTestRun(api, deps);
      registerListTestRuns(api, deps);
      registerGetTestRun(api, deps);
      registerRequestHandoff(api, deps);
      registerResolveHandoff(api, deps);
      registerAddPersonReply(api, deps);
      registerFollowConversation(api, deps);
      await api.register(registerOpenAiDoor(deps, allowedMethods), { prefix: OPENAI_PREFIX });
      registerMcp(api, deps);
      await api.register(registerWidgetDoor(deps), { prefix: WIDGET_PREFIX });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  registerObservabilityRoutes(app, observability);
  registerWidgetScript(app);
  registerFavicon(app);
  await registerAdminApi(app, deps);
  await registerConsolePages(app);
  return Object.assign(app, { closeGracefully });
}
