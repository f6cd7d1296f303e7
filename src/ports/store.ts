import type { ChunkStore, SourceStore } from './knowledge-store.ts';
// The storage port. Every method that reads tenant data takes the account id, so no query can
// cross accounts. Amounts of credits are integers in millicredits; times are epoch milliseconds.
import type { CreditAlertStore, WebhookStore } from './webhook-store.ts';
import type { SessionStore, SignInThrottleStore, UserStore } from './console-store.ts';
import type { ConversationStore, MessageStore, ToolCallStore } from './conversation-store.ts';
import type { InsightStore, QuestionStore, SourceViewStore } from './insight-store.ts';
import type { SiteStore } from './site-store.ts';
import type { EvaluationScheduleStore, TestQuestionStore, TestRunStore } from './evaluation-store.ts';

export const PLAN_NAMES = ['free', 'starter', 'pro', 'business'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface AccountRecord {
  id: string;
  name: string;
  plan: PlanName;
  creditBalance: number;
  lastRefillAmount: number | null;
  lastRefillAt: number | null;
  createdAt: number;
  /** When the monthly allowance renews next; null until scheduled (accounts made before renewals existed). */
  nextAllowanceAt: number | null;
}

export type MemberRole = 'owner' | 'teammate';

export interface MemberRecord {
  id: string;
  accountId: string;
  email: string;
  role: MemberRole;
  createdAt: number;
}

export interface ClientTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface AgentRecord {
  id: string;
  accountId: string;
  name: string;
  model: string;
  instructions: string;
  usage: number;
  storageUsed: number;
  /** Grows whenever the agent's knowledge changes; derived search indexes are keyed by it. */
  knowledgeVersion: number;
  tools: ClientTool[];
  /** A visitor who writes that they want a person hands the conversation to the account's people. */
  handoffEnabled: boolean;
  /** Added to a reply the moderator answered with care (despair, or asking how to help someone at
   * risk): resources such as a helpline. Null or absent: the default text (domain/chat/help-message.ts). */
  helpMessage?: string | null;
  createdAt: number;
  updatedAt: number;
}

export type KeyKind = 'secret' | 'publishable';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  allowedAgentIds: string[] | null;
  allowedIps: string[] | null;
  /** `publishable`: a widget key, bound to one agent and to `allowedOrigins`, accepted
   * only by the widget routes. */
  kind: KeyKind;
  allowedOrigins: string[] | null;
  expiresAt: number | null;
  quota: number | null;
  usageTotal: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

export type CreditEntryKind = 'topup' | 'allowance' | 'charge' | 'refund';

export interface CreditEntryRecord {
  id: string;
  accountId: string;
  kind: CreditEntryKind;
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: number;
  balanceAfter: number;
  agentId: string | null;
  keyId: string | null;
  description: string | null;
  createdAt: number;
}

export interface EventRecord {
  id: string;
  accountId: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  page: number;
  size: number;
}

export interface UsageTotals {
  byDay: Array<{ day: number; credits: number }>;
  byAgent: Array<{ agentId: string; credits: number }>;
  byKey: Array<{ keyId: string; credits: number }>;
  total: number;
}

/** How many requests were charged (credit entries of kind `charge`; a later refund does not
 * remove one), by UTC day (days since the epoch) and by agent. */
export interface ChargeCounts {
  byDay: Array<{ day: number; count: number }>;
  byAgent: Array<{ agentId: string; count: number }>;
  total: number;
}

export interface AccountStore {
  insert(account: AccountRecord): Promise<void>;
  get(accountId: string): Promise<AccountRecord | undefined>;
  /** Renewal worker only (crosses accounts): up to `limit` accounts whose allowance is due at
   * `now`, or not scheduled yet (null), soonest first. */
  listAllowanceDue(now: number, limit: number): Promise<AccountRecord[]>;
  /** Moves the account's renewal from `due` (null: unscheduled) to `next` with one conditional
   * UPDATE; false when another worker moved it first. In a transaction, the claim holds the
   * account's row until commit, so the balance read after it is the one the renewal changes. */
  claimAllowance(accountId: string, due: number | null, next: number): Promise<boolean>;
}

export interface MemberStore {
  insert(member: MemberRecord): Promise<void>;
  findByEmail(accountId: string, email: string): Promise<MemberRecord | undefined>;
  list(accountId: string): Promise<MemberRecord[]>;
  /** The accounts this email is a member of (console sign-in). */
  accountsOf(email: string): Promise<Array<{ id: string; name: string; role: MemberRole }>>;
  /** Removes the member unless they are the account's last owner. Atomic: two owners removing
   * each other at once cannot leave the account without one. */
  delete(accountId: string, memberId: string): Promise<'deleted' | 'missing' | 'last-owner'>;
}

export interface AgentPatch {
  name?: string;
  model?: string;
  instructions?: string;
  tools?: ClientTool[];
  handoffEnabled?: boolean;
  /** Null goes back to the default text. */
  helpMessage?: string | null;
  updatedAt: number;
}

export interface AgentStore {
  /** Handoff starts off unless the record says otherwise. */
  insert(agent: Omit<AgentRecord, 'handoffEnabled'> & { handoffEnabled?: boolean }): Promise<void>;
  get(accountId: string, agentId: string): Promise<AgentRecord | undefined>;
  /** `onlyIds` narrows the list to a restricted key's agents. */
  list(accountId: string, page: PageRequest, onlyIds?: readonly string[]): Promise<Page<AgentRecord>>;
  update(accountId: string, agentId: string, patch: AgentPatch): Promise<AgentRecord | undefined>;
  /** Removes the agent and everything it owns (child tables cascade). */
  delete(accountId: string, agentId: string): Promise<boolean>;
  addUsage(accountId: string, agentId: string, amount: number): Promise<void>;
  existingIds(accountId: string, agentIds: readonly string[]): Promise<string[]>;
  /** Operator lookup (CLI only): the account that owns an agent. */
  ownerOf(agentId: string): Promise<string | undefined>;
  /** Adds to the agent's storage unless that would pass `limit`; false when it would. */
  reserveStorage(accountId: string, agentId: string, amount: number, limit: number): Promise<boolean>;
  /** Gives storage back after a source is deleted (or work that reserved it failed). */
  releaseStorage(accountId: string, agentId: string, amount: number): Promise<void>;
  /** Sets agents' storage to what their sources (and, on PostgreSQL, their queued ingestion jobs)
   * hold, forgetting reservations whose work never finished (a process killed during an upload, a
   * release lost in an outage); how many agents changed. `quietMs` > 0 leaves alone the agents that
   * reserved within that time (their work may still be running elsewhere); 0 recounts all, only
   * right when no work holds a reservation (a SQLite node at start-up). */
  recountStorage(quietMs?: number): Promise<number>;
  /** Marks the agent's vectors as changed in place (a `reset` change: cached indexes rebuild).
   * Adding or deleting a source bumps the version itself, with the change it made. */
  bumpKnowledgeVersion(agentId: string): Promise<void>;
}

export interface ApiKeyStore {
  insert(key: ApiKeyRecord): Promise<void>;
  /** The key with this hash and its account, whatever their state (the caller checks it). */
  findByHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: AccountRecord } | undefined>;
  get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  list(accountId: string): Promise<ApiKeyRecord[]>;
  revoke(accountId: string, keyId: string, at: number): Promise<boolean>;
  touch(keyId: string, at: number): Promise<void>;
  /** Adds to the key's usage unless that would pass its quota; false when it would. */
  addUsageWithinQuota(keyId: string, amount: number): Promise<boolean>;
  /** Operator lookup (CLI only): the account that owns a key. */
  ownerOf(keyId: string): Promise<string | undefined>;
}

/** The per-agent secret host sites sign their users' ids with (widget identity verification). */
export interface WidgetSecretStore {
  /** The agent's secret; `fresh` is stored and returned when it has none yet. */
  getOrCreate(accountId: string, agentId: string, fresh: string, at: number): Promise<string>;
  get(accountId: string, agentId: string): Promise<string | undefined>;
}

/** Why the widget's routes refused a publishable key's request: the page's origin is not in the
 * key's list, or the page's signed user id does not match its `data-user-hash`. */
export type WidgetRefusalReason = 'origin' | 'user-hash';

export interface WidgetRefusalRecord {
  keyId: string;
  reason: WidgetRefusalReason;
  /** The page's origin (`null` when the browser sent none). */
  origin: string;
  times: number;
  firstAt: number;
  lastAt: number;
}

export interface WidgetRefusalStore {
  /** Counts one refusal of the key (one row per reason and origin); keeps the key's `keep` latest. */
  record(
    accountId: string,
    keyId: string,
    refusal: { reason: WidgetRefusalReason; origin: string },
    at: number,
    keep: number,
  ): Promise<void>;
  /** The account's refusals, latest first. */
  list(accountId: string, limit: number): Promise<WidgetRefusalRecord[]>;
}

export interface ApplyOptions {
  /** Takes nothing and returns undefined when the balance is short. */
  requireCovered?: boolean;
  /** For a top-up or allowance: the refill amount recorded as the account's last refill (the
   * credits.low threshold is a fraction of it) instead of the entry's amount. A monthly renewal
   * adds only what is missing but counts as a refill of the whole allowance. */
  refillAmount?: number;
}

export interface CreditStore {
  /** Applies a signed amount to the balance and appends the entry, atomically. A top-up or
   * allowance entry becomes the account's last refill. */
  apply(entry: Omit<CreditEntryRecord, 'balanceAfter'>, options?: ApplyOptions): Promise<CreditEntryRecord | undefined>;
  usage(accountId: string, from: number, to: number): Promise<UsageTotals>;
  /** The charged requests over [from, to). */
  chargeCounts(accountId: string, from: number, to: number): Promise<ChargeCounts>;
}

export interface EventStore {
  insert(event: EventRecord): Promise<void>;
  list(accountId: string, page: PageRequest): Promise<Page<EventRecord>>;
}

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
