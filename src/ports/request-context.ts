import type { PlanName } from './account-store.ts';

/** Who is asking: set by authentication, carried into every domain call. */
export interface RequestContext {
  accountId: string;
  plan: PlanName;
  /** The API key used, or null for operator (CLI) and console calls. */
  key: { id: string; name: string; allowedAgentIds: string[] | null } | null;
  requestId: string;
}
