// The insights and the source viewer in the admin API, registered in one place.
import type { ApiApp } from '../types.ts';
import type { AdminDeps } from './admin-types.ts';
import { registerGetSourceText } from './routes/get-source-text.ts';
import { registerListSourceChunks } from './routes/list-source-chunks.ts';
import { registerListQuestionGroups } from './routes/list-question-groups.ts';
import { registerListDownvoted } from './routes/list-downvoted.ts';
import { registerAnswerQuestions } from './routes/answer-questions.ts';
import { registerExportConversations } from './routes/export-conversations.ts';
import { registerListToolCalls } from './routes/list-tool-calls.ts';

export function registerInsightRoutes(admin: ApiApp, deps: AdminDeps): void {
  for (const register of [
    registerGetSourceText,
    registerListSourceChunks,
    registerListQuestionGroups,
    registerListDownvoted,
    registerAnswerQuestions,
    registerExportConversations,
    registerListToolCalls,
  ]) {
    register(admin, deps);
  }
}
