// The console's admin API under /api/admin/v1: session sign-in and password, and per account its
// overview, agents (create, delete, tools), keys, members and webhooks, beside the public API's
// routes mounted for the console (account-routes.ts). Same error model as the public API; its own
// OpenAPI document at /api/admin/v1/openapi.json.
import swagger from '@fastify/swagger';
import type { ApiApp, HttpDeps } from '../types.ts';
import type { AdminDeps } from './admin-types.ts';
import { ADMIN_SECURITY, ADMIN_SHARED_SCHEMAS, AccountParamsSchema } from './admin-schemas.ts';
import { ErrorSchema, SHARED_SCHEMAS } from '../schemas.ts';
import { createRouteDocumenter } from '../openapi/route-documentation.ts';
import { createDocumentCompleter, DOCUMENT_CONTACT } from '../openapi/document-components.ts';
import { createSessionHook } from './session-hook.ts';
import { registerSignIn } from './routes/sign-in.ts';
import { registerGetSession } from './routes/get-session.ts';
import { registerSignOut } from './routes/sign-out.ts';
import { registerListWebhooks } from './routes/list-webhooks.ts';
import { registerCreateWebhook } from './routes/create-webhook.ts';
import { registerGetWebhook } from './routes/get-webhook.ts';
import { registerUpdateWebhook } from './routes/update-webhook.ts';
import { registerDeleteWebhook } from './routes/delete-webhook.ts';
import { registerPingWebhook } from './routes/ping-webhook.ts';
import { registerListDeliveries } from './routes/list-deliveries.ts';
import { registerRedeliver } from './routes/redeliver.ts';
import { registerListEventTypes } from './routes/list-event-types.ts';
import { registerListComparisonModels } from './routes/list-comparison-models.ts';
import { registerImportTestQuestions } from './routes/import-test-questions.ts';
import { registerExportTestQuestions } from './routes/export-test-questions.ts';
import { registerGetOverview } from './routes/get-overview.ts';
import { registerCreateAgent } from './routes/create-agent.ts';
import { registerDeleteAgent } from './routes/delete-agent.ts';
import { registerGetAgentTools } from './routes/get-agent-tools.ts';
import { registerSetAgentTools } from './routes/set-agent-tools.ts';
import { registerExplainSearch } from './routes/explain-search.ts';
import { registerListKeys } from './routes/list-keys.ts';
import { registerCreateKey } from './routes/create-key.ts';
import { registerRevokeKey } from './routes/revoke-key.ts';
import { registerListWidgetRefusals } from './routes/list-widget-refusals.ts';
import { registerListInbox } from './routes/list-inbox.ts';
import { registerAssignConversation } from './routes/assign-conversation.ts';
import { registerGetTranscript } from './routes/get-transcript.ts';
import { registerListMembers } from './routes/list-members.ts';
import { registerAddMember } from './routes/add-member.ts';
import { registerRemoveMember } from './routes/remove-member.ts';
import { registerChangePassword } from './routes/change-password.ts';
import { registerAccountScopedPublicRoutes } from './account-routes.ts';
import { registerInsightRoutes } from './insight-routes.ts';
import { registerSiteRoutes } from './routes/sites/site-routes.ts';

export const ADMIN_PREFIX = '/api/admin/v1';

const DESCRIPTION = `The console's API. Sign in with POST /session: the answer sets an HTTP-only, SameSite=Strict session cookie
and carries \`csrfToken\`, which every POST, PATCH and DELETE must send as \`X-CSRF-Token\` (403 \`CSRF_TOKEN_INVALID\` otherwise).
Errors are the public API's: 401 is flat \`{error, code}\`; everything else is \`{success:false, error:{code, message, list?}}\`.
An account the signed-in person is not a member of answers 404, like one that does not exist.
Adding and removing members is for the account's owners: a teammate gets 403 \`OWNER_REQUIRED\`.
A viewer reads the account and changes nothing: any POST, PATCH or DELETE under \`/accounts/{accountId}\` is 403 \`READ_ONLY_MEMBER\`.`;

const TAG_DESCRIPTIONS: Record<string, string> = {
  Session: 'Signing in and out, and the password.',
  Accounts: "An account's overview.",
  Agents: "The account's agents: create, update, delete, client tools.",
  Keys: 'API keys: create (the secret is shown once), list, revoke.',
  Members: "The account's console users.",
  Webhooks: 'Webhook endpoints, their deliveries and the event types.',
  'Models and usage': 'The models of the plan, the credit balance and what was spent.',
  Knowledge: 'What an agent knows: text, Q&A, files and crawled web pages.',
  Search: 'The passages of an agent closest to a query, without a model.',
  Chat: 'Answers from an agent, as JSON or a stream (the console playground).',
  Conversations:
    'Stored conversations, their messages, feedback and tool calls; the inbox of conversations with people.',
  Handoff: 'Hand a conversation to a person, reply as one, give it back to the agent, and follow it as it happens.',
  Insights:
    'What an agent missed and what it is asked most: unanswered questions grouped, replies rated down, topics, Q&A from a group, and conversation exports.',
  Tests: "An agent's test questions and their runs: which questions its search answers from the expected sources.",
  'Webhook events': 'What the service sends to the webhook endpoints.',
};

export async function registerAdminApi(app: ApiApp, deps: HttpDeps): Promise<void> {
  const adminDeps: AdminDeps = { ...deps, passwords: deps.domain.passwords };
  // A second generator under its own decorator, seeing only admin routes.
  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Colloquy admin API', version: '1.0.0', description: DESCRIPTION, contact: DOCUMENT_CONTACT },
      servers: [{ url: ADMIN_PREFIX }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'colloquy_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    // The public routes mounted for the console (account-routes.ts) are secured by the session here,
    // and take the account of their path prefix.
    transform: createRouteDocumenter({
      prefix: ADMIN_PREFIX,
      security: ADMIN_SECURITY,
      pathParams: AccountParamsSchema.properties,
      // Everything under /accounts/{accountId} is 404 for a person who is not a member of it.
      pathParamErrors: { 404: ErrorSchema },
    }),
    transformObject: createDocumentCompleter({
      schemas: { ...SHARED_SCHEMAS, ...ADMIN_SHARED_SCHEMAS },
      rateLimited: false,
      tagDescriptions: TAG_DESCRIPTIONS,
    }) as never,
    hideUntagged: true,
    convertConstToEnum: false, // OpenAPI 3.1 has `const`; generated clients type it as a literal
  });
  app.decorateRequest('consoleSession', null);
  app.decorateRequest('consoleMembership', null);
  await app.register(
    async (admin: ApiApp) => {
      admin.addHook('onRequest', createSessionHook(adminDeps));
      for (const register of [
        registerSignIn,
        registerGetSession,
        registerSignOut,
        registerChangePassword,
        registerListWebhooks,
        registerCreateWebhook,
        registerGetWebhook,
        registerUpdateWebhook,
        registerDeleteWebhook,
        registerPingWebhook,
        registerListDeliveries,
        registerRedeliver,
        registerListEventTypes,
        registerListComparisonModels,
        registerGetOverview,
        registerCreateAgent,
        registerDeleteAgent,
        registerGetAgentTools,
        registerSetAgentTools,
        registerExplainSearch,
        registerListKeys,
        registerCreateKey,
        registerRevokeKey,
        registerListWidgetRefusals,
        registerListInbox,
        registerAssignConversation,
        registerGetTranscript,
        registerListMembers,
        registerAddMember,
        registerRemoveMember,
        registerSiteRoutes,
        registerImportTestQuestions,
        registerExportTestQuestions,
      ]) {
        register(admin, adminDeps);
      }
      registerInsightRoutes(admin, adminDeps);
      await registerAccountScopedPublicRoutes(admin, adminDeps);
      admin.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        (app as unknown as { adminSwagger: () => unknown }).adminSwagger(),
      );
    },
    { prefix: ADMIN_PREFIX },
  );
}
