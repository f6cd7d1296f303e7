import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createAuthenticationHook } from './authenticate.ts';
import { installGracefulClose } from './graceful-close.ts';
import { installErrorHandling, sendAppError } from './error-handler.ts';
import { AppError } from '../domain/errors.ts';
import { loggerOptions } from './logging.ts';
import { validatorCompiler } from './validation.ts';
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
import { ADMIN_PREFIX, registerAdminApi } from './admin/admin-api.ts';
import { registerConsolePages } from './console-pages.ts';

export const API_PREFIX = '/api/v1';

const API_DESCRIPTION = `Colloquy's public interface (SPEC version ${API_VERSION}).

Authentication: \`Authorization: Bearer <key>\` only. Rate limits are counted per account per minute across all its keys;
every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` (requests left in the current window) and
\`RateLimit-Reset\` (**whole seconds** until the window resets); a 429 \`RATE_LIMITED\` also carries \`Retry-After\` (seconds).
Requests refused before the rate limit is consulted (401, and 403 \`IP_NOT_ALLOWED\`) carry no RateLimit headers and do not count.

Errors: 401 is flat \`{error, code}\`; everything else is \`{success:false, error:{code, message, list?, ids?}}\`.
Beyond SPEC's codes this service adds \`NOT_FOUND\` (404, no such route) and \`PAYLOAD_TOO_LARGE\` (413, JSON body over the limit).`;

/** Builds the HTTP application: the public API under /api/v1, its OpenAPI document and docs page. */
export async function buildApp(deps: HttpDeps): Promise<ApiApp & { closeGracefully: () => Promise<void> }> {
  const app = Fastify({
    logger: loggerOptions(deps.server.logLevel),
    bodyLimit: deps.server.bodyLimit,
    trustProxy: deps.server.trustedProxies.length > 0 ? deps.server.trustedProxies : false,
    genReqId: () => deps.domain.ids.next('req'),
    return503OnClosing: true,
    // Errors Fastify raises before any route runs, in the spec's shape too.
    frameworkErrors: (error, _request, reply) => {
      const badUrl = (error as { code?: string }).code === 'FST_ERR_BAD_URL';
      const appError = badUrl
        ? new AppError('INVALID_BODY', 'The URL is not valid: a path segment has a malformed percent-escape.', { list: { path: ['must be valid percent-encoded UTF-8'] } })
        : new AppError('INVALID_BODY', 'The request is invalid.');
      void sendAppError(reply as never, appError);
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('ctx', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installErrorHandling(app);
  const closeGracefully = installGracefulClose(app, deps.server.shutdownGraceMs);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Colloquy API', version: API_VERSION, description: API_DESCRIPTION },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'API-Key' } } },
    },
    // The admin API has its own document (http/admin/admin-api.ts).
    transform: ({ schema, url }) =>
      url.startsWith(ADMIN_PREFIX)
        ? { schema: { ...(schema as object), hide: true } as never, url }
        : { schema: schema as never, url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url },
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  await app.register(
    async (api: ApiApp) => {
      api.addHook('onRequest', createAuthenticationHook(deps));
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
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await registerAdminApi(app, deps);
  await registerConsolePages(app);
  return Object.assign(app, { closeGracefully });
}
