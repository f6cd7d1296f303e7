import { sql, type Kysely, type Transaction } from 'kysely';
import type { Store, StoreRepositories } from '../../ports/store.ts';
import type { Database } from './schema/database.ts';
import { createAccountRepository, createMemberRepository } from './repositories/account-repository.ts';
import { createAgentRepository } from './repositories/agent-repository.ts';
import { createApiKeyRepository } from './repositories/api-key-repository.ts';
import { createWidgetSecretRepository } from './repositories/widget-secret-repository.ts';
import { createWidgetRefusalRepository } from './repositories/widget-refusal-repository.ts';
import { createCreditRepository } from './repositories/credit-repository.ts';
import { createEventRepository } from './repositories/event-repository.ts';
import { createSourceRepository } from './repositories/source-repository.ts';
import { createSiteRepository } from './repositories/site-repository.ts';
import { createChunkRepository } from './repositories/chunk-repository.ts';
import { createWebhookRepository } from './repositories/webhook-repository.ts';
import { createCreditAlertRepository } from './repositories/credit-alert-repository.ts';
import {
  createSessionRepository,
  createSignInThrottleRepository,
  createUserRepository,
} from './repositories/console-repository.ts';
import { createConversationRepository } from './repositories/conversation-repository.ts';
import { createMessageRepository, createToolCallRepository } from './repositories/message-repository.ts';
import { createQuestionRepository } from './repositories/question-repository.ts';
import { createInsightRepository } from './repositories/insight-repository.ts';
import { createSourceViewRepository } from './repositories/source-view-repository.ts';
import {
  createEvaluationScheduleRepository,
  createTestQuestionRepository,
  createTestRunRepository,
} from './repositories/evaluation-repository.ts';

export type Db = Kysely<Database> | Transaction<Database>;

export function repositories(db: Db, dialect: Store['dialect']): StoreRepositories {
  return {
    conversations: createConversationRepository(db, dialect),
    messages: createMessageRepository(db),
    toolCalls: createToolCallRepository(db),
    sources: createSourceRepository(db, dialect),
    sites: createSiteRepository(db),
    chunks: createChunkRepository(db),
    accounts: createAccountRepository(db),
    members: createMemberRepository(db, dialect),
    agents: createAgentRepository(db, dialect),
    keys: createApiKeyRepository(db),
    widgetSecrets: createWidgetSecretRepository(db),
    widgetRefusals: createWidgetRefusalRepository(db),
    credits: createCreditRepository(db),
    events: createEventRepository(db),
    webhooks: createWebhookRepository(db, dialect),
    creditAlerts: createCreditAlertRepository(db),
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    signInThrottle: createSignInThrottleRepository(db),
    questions: createQuestionRepository(db, dialect),
    insights: createInsightRepository(db),
    sourceViews: createSourceViewRepository(db),
    testQuestions: createTestQuestionRepository(db, dialect),
    testRuns: createTestRunRepository(db),
    evaluationSchedule: createEvaluationScheduleRepository(db),
  };
}

/** The Store for both engines: Kysely compiles each query to the dialect it was given. */
export function createKyselyStore(db: Kysely<Database>, dialect: Store['dialect']): Store {
  return {
    dialect,
    ...repositories(db, dialect),
    transaction: (work) => db.transaction().execute((trx) => work(repositories(trx, dialect))),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
