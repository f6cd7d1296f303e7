// The storage port: every resource's store, composed. Each store and its records are in the
// resource's own port file (account-store.ts, agent-store.ts, …); a domain function names only the
// stores it uses (`Pick<StoreRepositories, 'agents' | 'sources'>`). Every method that reads tenant
// data takes the account id, so no query can cross accounts. Credits are integer millicredits;
// times are epoch milliseconds.
import type { AccountStore } from './account-store.ts';
import type { AgentStore } from './agent-store.ts';
import type { ApiKeyStore } from './api-key-store.ts';
import type { SessionStore, SignInThrottleStore, UserStore } from './console-store.ts';
import type { ConversationStore, MessageStore, ToolCallStore } from './conversation-store.ts';
import type { CreditAlertStore, CreditStore } from './credit-store.ts';
import type { EvaluationScheduleStore, TestQuestionStore, TestRunStore } from './evaluation-store.ts';
import type { EventStore } from './event-store.ts';
import type { InsightStore, QuestionStore, SourceViewStore } from './insight-store.ts';
import type { ChunkStore, SourceStore } from './knowledge-store.ts';
import type { MemberStore } from './member-store.ts';
import type { SiteStore } from './site-store.ts';
import type { WebhookStore } from './webhook-store.ts';
import type { WidgetRefusalStore, WidgetSecretStore } from './widget-store.ts';

export interface StoreRepositories {
  conversations: ConversationStore;
  messages: MessageStore;
  toolCalls: ToolCallStore;
  sources: SourceStore;
  sites: SiteStore;
  chunks: ChunkStore;
  accounts: AccountStore;
  webhooks: WebhookStore;
  creditAlerts: CreditAlertStore;
  users: UserStore;
  sessions: SessionStore;
  signInThrottle: SignInThrottleStore;
  members: MemberStore;
  agents: AgentStore;
  keys: ApiKeyStore;
  widgetSecrets: WidgetSecretStore;
  widgetRefusals: WidgetRefusalStore;
  credits: CreditStore;
  events: EventStore;
  questions: QuestionStore;
  insights: InsightStore;
  sourceViews: SourceViewStore;
  testQuestions: TestQuestionStore;
  testRuns: TestRunStore;
  evaluationSchedule: EvaluationScheduleStore;
}

export interface Store extends StoreRepositories {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(work: (tx: StoreRepositories) => Promise<T>): Promise<T>;
  /** Cheap liveness probe for /ping. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
