import type { AgentHandoffKeys, HandoffHours } from './handoff-hours.ts';
import type { Page, PageRequest } from './page.ts';

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
  handoffHours: HandoffHours | null;
  /** Added to a reply the moderator answered with care (despair, or asking how to help someone at
   * risk): resources such as a helpline. Null or absent: the default text (domain/chat/help-message.ts). */
  helpMessage?: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewAgent = Omit<AgentRecord, AgentHandoffKeys> & Partial<Pick<AgentRecord, AgentHandoffKeys>>;

export interface AgentPatch {
  name?: string;
  model?: string;
  instructions?: string;
  tools?: ClientTool[];
  handoffEnabled?: boolean;
  handoffHours?: HandoffHours | null;
  /** Null goes back to the default text. */
  helpMessage?: string | null;
  updatedAt: number;
}

export interface AgentStore {
  /** Handoff starts off, with no hours, unless the record says otherwise. */
  insert(agent: NewAgent): Promise<void>;
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
