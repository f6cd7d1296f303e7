import Type from 'typebox';
import { listQuestionGroups, type QuestionList } from '../../../domain/insights/question-groups.ts';
import { toPeriod } from '../../../domain/insights/period.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { PeriodQuerySchema, QuestionGroupsSchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

const QuerySchema = Type.Object({ ...PageQuerySchema.properties, ...PeriodQuerySchema.properties });

const LISTS: Record<QuestionList, { operationId: string; summary: string; description: string }> = {
  unanswered: {
    operationId: 'listUnansweredQuestions',
    summary: 'Unanswered questions, grouped',
    description:
      'Chat messages (and API searches) of the period for which no passage reached the score floor, grouped by meaning, largest group first. A group answered with POST …/insights/answers leaves the list. The latest 1,000 questions of the period are grouped.',
  },
  topics: {
    operationId: 'listQuestionTopics',
    summary: 'Most asked topics',
    description:
      'Every chat message of the period grouped by meaning, largest group first: what end users ask most. The latest 1,000 questions of the period are grouped.',
  },
};

/** GET /accounts/{accountId}/agents/{agentId}/insights/unanswered and …/insights/topics. */
export function registerListQuestionGroups(app: ApiApp, deps: AdminDeps): void {
  for (const list of ['unanswered', 'topics'] as const) {
    app.get(
      `/accounts/:accountId/agents/:agentId/insights/${list}`,
      {
        schema: {
          tags: ['Insights'],
          ...LISTS[list],
          security: ADMIN_SECURITY,
          params: AccountAgentParamsSchema,
          querystring: QuerySchema,
          response: { 200: QuestionGroupsSchema, 400: ErrorSchema, ...SESSION_ERRORS },
        },
      },
      async (request) => {
        const page = toPageRequest(request.query);
        const period = toPeriod(deps.domain.clock.now(), request.query);
        const result = await listQuestionGroups(
          deps.domain,
          accountContext(request),
          request.params.agentId,
          list,
          period,
          page,
        );
        return {
          success: true as const,
          groups: result.groups,
          questions: result.questions,
          truncated: result.truncated,
          pagination: { ...toPagination(page, result.totalGroups), totalGroups: result.totalGroups },
        };
      },
    );
  }
}
