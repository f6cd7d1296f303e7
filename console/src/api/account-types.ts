// The admin API's answers for the account pages: overview, keys, members, webhooks, password.
import type { Agent, ClientTool, Model, Pagination, Role } from './types.ts';

export interface Overview {
  account: { id: string; name: string; plan: string; role: Role; createdAt: string };
  balance: { credits: number; lastRefill: { credits: number; at: string } | null };
  limits: { requestsPerMinute: number; storageLimit: number; crawlPageLimit: number };
  period: { from: string; to: string };
  credits: { total: number; byDay: Array<{ date: string; credits: number }> };
  requests: { total: number; byDay: Array<{ date: string; count: number }> };
  /** `name` is null for an agent deleted since it used credits. */
  topAgents: Array<{ agentId: string; name: string | null; credits: number; requests: number }>;
  counts: { agents: number; keys: number; members: number };
}

export interface AgentList {
  agents: Agent[];
  pagination: Pagination;
}

export interface ModelList {
  plan: string;
  models: Model[];
}

export interface AgentInput {
  name?: string;
  model?: string;
  instructions?: string;
}

export interface ToolList {
  tools: ClientTool[];
}

export type KeyStatus = 'active' | 'expired' | 'revoked';
/** `publishable`: a widget key (`cq_pub_…`) for one agent and the pages of its origins. */
export type KeyKind = 'secret' | 'publishable';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  status: KeyStatus;
  kind: KeyKind;
  /** null: every agent of the account. */
  allowedAgentIds: string[] | null;
  /** null: any address. */
  allowedIps: string[] | null;
  /** A publishable key's origins (`https://www.example.com`); null for a secret key. */
  allowedOrigins: string[] | null;
  expiresAt: string | null;
  /** Credits the key may spend in total; null: no quota. */
  quota: number | null;
  usage: number;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface NewKeyInput {
  name: string;
  allowedAgentIds?: string[];
  allowedIps?: string[];
  expiresAt?: string;
  quota?: number;
  kind?: KeyKind;
  allowedOrigins?: string[];
}

/** POST /keys's answer: the secret (and, for a publishable key, the agent's identity secret) once. */
export interface CreatedKey {
  key: ApiKey;
  secret: string;
  identitySecret?: string;
}

export interface Member {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface NewMemberInput {
  email: string;
  role: Role;
  password?: string;
}

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  description: string;
  /** null: every event type. */
  events: string[] | null;
  enabled: boolean;
  /** `gone` (the receiver answered 410) or `operator`, when disabled. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookEndpointInput {
  url?: string;
  description?: string;
  events?: string[] | null;
  enabled?: boolean;
}

export interface DeliveryAttempt {
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  /** The first bytes of the receiver's answer. */
  response: string | null;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** pending (waiting or in flight), succeeded, or failed (no attempt left). */
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  log?: DeliveryAttempt[];
}

export interface DeliveryList {
  deliveries: WebhookDelivery[];
  pagination: Pagination;
}

/** A refusal of a publishable key by the widget's routes (admin API `/widget-refusals`). */
export interface WidgetRefusal {
  keyId: string;
  /** `origin`: a page of a website the key does not list; `user-hash`: a wrong `data-user-hash`. */
  reason: 'origin' | 'user-hash';
  origin: string | null;
  count: number;
  firstAt: string;
  lastAt: string;
}
