// The console works on an account's agents, knowledge, chat, conversations and tests through the very
// routes of the public API, mounted again under /api/admin/v1/accounts/{accountId}: same bodies,
// same answers, same errors. Only who is asking differs: the signed-in member's context in that
// account (no API key, so no key restrictions and no chat events, SPEC §6) instead of a key's.
import type { ApiApp } from '../types.ts';
import type { AdminDeps } from './admin-types.ts';
import { registerListAgents } from '../routes/list-agents.ts';
import { registerGetAgent } from '../routes/get-agent.ts';
import { registerUpdateAgent } from '../routes/update-agent.ts';
import { registerListModels } from '../routes/list-models.ts';
import { registerGetUsage } from '../routes/get-usage.ts';
import { registerListSources } from '../routes/list-sources.ts';
import { registerAddTextSource } from '../routes/add-text-source.ts';
import { registerAddQaSource } from '../routes/add-qa-source.ts';
import { registerUploadFileSource } from '../routes/upload-file-source.ts';
import { registerCrawlWebsite } from '../routes/crawl-website.ts';
import { registerDeleteSource } from '../routes/delete-source.ts';
import { registerSearch } from '../routes/search.ts';
import { registerChat } from '../routes/chat.ts';
import { registerListConversations } from '../routes/list-conversations.ts';
import { registerListMessages } from '../routes/list-messages.ts';
import { registerDeleteConversation } from '../routes/delete-conversation.ts';
import { registerDeleteMessage } from '../routes/delete-message.ts';
import { registerCancelToolCall } from '../routes/cancel-tool-call.ts';
import { registerMessageFeedback } from '../routes/message-feedback.ts';
import { registerRequestHandoff } from '../routes/request-handoff.ts';
import { registerResolveHandoff } from '../routes/resolve-handoff.ts';
import { registerAddPersonReply } from '../routes/add-person-reply.ts';
import { registerFollowConversation } from '../routes/follow-conversation.ts';
import { registerAddTestQuestion } from '../routes/add-test-question.ts';
import { registerListTestQuestions } from '../routes/list-test-questions.ts';
import { registerDeleteTestQuestion } from '../routes/delete-test-question.ts';
import { registerGetTestQuestion } from '../routes/get-test-question.ts';
import { registerStartTestRun } from '../routes/start-test-run.ts';
import { registerListTestRuns } from '../routes/list-test-runs.ts';
import { registerGetTestRun } from '../routes/get-test-run.ts';

export const ACCOUNT_PREFIX = '/accounts/:accountId';

/** Registers the public API's agent, knowledge, search, chat, conversation and test routes for the
 * console; the admin session hook sets their `ctx` from the path's account. */
export async function registerAccountScopedPublicRoutes(admin: ApiApp, deps: AdminDeps): Promise<void> {
  await admin.register(
    async (scope: ApiApp) => {
      for (const register of [
        registerListAgents,
        registerGetAgent,
        registerUpdateAgent,
        registerListModels,
        registerGetUsage,
        registerListSources,
        registerAddTextSource,
        registerAddQaSource,
        registerCrawlWebsite,
        registerDeleteSource,
        registerSearch,
        registerChat,
        registerListConversations,
        registerListMessages,
        registerDeleteConversation,
        registerDeleteMessage,
        registerCancelToolCall,
        registerMessageFeedback,
        registerRequestHandoff,
        registerResolveHandoff,
        registerAddPersonReply,
        registerFollowConversation,
        registerAddTestQuestion,
        registerListTestQuestions,
        registerDeleteTestQuestion,
        registerGetTestQuestion,
        registerStartTestRun,
        registerListTestRuns,
        registerGetTestRun,
      ]) {
        register(scope, deps);
      }
      await registerUploadFileSource(scope, deps);
    },
    { prefix: ACCOUNT_PREFIX },
  );
}
