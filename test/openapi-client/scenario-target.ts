// What the client scenario is pointed at, and what it reports back (kept apart from scenario.ts,
// which needs the generated types: the suite's own typecheck runs before they exist).

export interface ScenarioTarget {
  /** The server's origin, e.g. http://127.0.0.1:4000. */
  origin: string;
  /** An API key of the account. */
  key: string;
  /** A console session of one of the account's members. */
  session: { cookie: string; csrf: string };
  accountId: string;
}

export interface ScenarioReport {
  valid: boolean;
  agentId: string;
  textSourceTitle: string;
  uploadedTitle: string;
  searchResults: number;
  reply: string;
  conversations: number;
  missingAgentCode: string;
  keys: number;
  adminAgentName: string;
}
