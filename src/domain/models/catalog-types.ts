import type { PlanName } from '../../ports/account-store.ts';

/** A plan as the server uses it: "*" already resolved into the catalog's ids. */
export interface Plan {
  requestsPerMinute: number;
  /** Characters of text plus bytes of files, per agent. */
  storageLimit: number;
  crawlPageLimit: number;
  /** The monthly allowance: granted when an account on this plan is created, and on each monthly
   * anniversary the balance is raised to it if below. */
  monthlyCredits: number;
  models: string[];
}

/** One chat model of the catalog (config.ts validates the file's entries into this shape). */
export interface ModelEntry {
  id: string;
  name?: string;
  provider: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  model?: string;
  credits: number;
  /** Longest wait for the model's first byte, and between two parts of its stream. */
  timeoutMs?: number;
  /** Upper bound on a reply's tokens. */
  maxTokens?: number;
  /** The model's context window: instructions, passages, history and the reply must fit in it. */
  contextTokens?: number;
}

/** The plans and the model catalog, as the operator configured them. */
export interface CatalogConfig {
  plans: Record<PlanName, Plan>;
  models: ModelEntry[];
}
