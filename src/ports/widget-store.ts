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
