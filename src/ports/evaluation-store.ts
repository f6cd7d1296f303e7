// Test questions and their runs: an owner's questions with the sources expected to answer them,
// each run's results, and the schedule that re-runs them after the agent's knowledge changes.
import type { Page, PageRequest } from './page.ts';

export interface TestQuestionRecord {
  id: string;
  accountId: string;
  agentId: string;
  question: string;
  /** The passage that answers must come from one of these; null when `expectNothing`. */
  expectedSourceIds: string[] | null;
  /** Search must return nothing above the floor. */
  expectNothing: boolean;
  /** How deep an expected source may rank and still pass. */
  k: number;
  createdAt: number;
}

export type TestRunTrigger = 'manual' | 'knowledge-change';
export type TestRunState = 'queued' | 'running' | 'completed' | 'failed';

export interface TestRunSource {
  id: string;
  title: string;
  score: number;
}

export interface TestResult {
  questionId: string;
  question: string;
  passed: boolean;
  /** 1-based rank of the first passage from an expected source, or null when none ranked. */
  rank: number | null;
  /** That passage's score, or (expecting nothing) the best score found; null when none. */
  score: number | null;
  topSources: TestRunSource[];
}

/** The same questions ranked with another embedding model, beside the live one. */
export interface ModelComparison {
  model: string;
  passRate: number | null;
  passed: number;
  failed: number;
  results: TestResult[];
}

export interface TestRunRecord {
  id: string;
  accountId: string;
  agentId: string;
  trigger: TestRunTrigger;
  state: TestRunState;
  /** The agent's knowledge version the run ranked against. */
  knowledgeVersion: number;
  /** The live embedding model the run ranked with. */
  model: string;
  /** Another model asked for (a comparison run), or null. */
  compareModel: string | null;
  passed: number;
  failed: number;
  results: TestResult[];
  comparison: ModelComparison | null;
  /** Why a run failed (state `failed`), or null. */
  error: string | null;
  createdAt: number;
  completedAt: number | null;
}

/** A run's hold while it runs: the token proves it is still the holder when it finishes. */
export interface RunLease {
  token: string;
  until: number;
}

/** An agent whose knowledge changed since its questions last ran, quiet long enough to run. */
export interface DueEvaluation {
  accountId: string;
  agentId: string;
  /** The knowledge version seen when it was claimed. */
  version: number;
}

export interface TestQuestionStore {
  /** Inserts every one of `questions` if the agent then holds at most `limit`, else none: false.
   * Atomic, also against concurrent calls for the same agent. */
  insertWithinLimit(
    accountId: string,
    agentId: string,
    questions: readonly TestQuestionRecord[],
    limit: number,
  ): Promise<boolean>;
  get(accountId: string, agentId: string, questionId: string): Promise<TestQuestionRecord | undefined>;
  /** Newest first. */
  list(accountId: string, agentId: string, page: PageRequest): Promise<Page<TestQuestionRecord>>;
  /** All of the agent's questions, oldest first (what a run ranks). */
  all(accountId: string, agentId: string): Promise<TestQuestionRecord[]>;
  count(accountId: string, agentId: string): Promise<number>;
  delete(accountId: string, agentId: string, questionId: string): Promise<boolean>;
}

export interface TestRunStore {
  insert(run: TestRunRecord, lease: RunLease | null): Promise<void>;
  get(accountId: string, agentId: string, runId: string): Promise<TestRunRecord | undefined>;
  /** Newest first. */
  list(accountId: string, agentId: string, page: PageRequest): Promise<Page<TestRunRecord>>;
  /** The agent's latest completed run made with the live model (what a new run is compared with). */
  latestCompleted(accountId: string, agentId: string): Promise<TestRunRecord | undefined>;
  /** Worker (crosses accounts): takes one queued run, or one whose holder's lease ran out. */
  claimQueued(now: number, lease: RunLease): Promise<TestRunRecord | undefined>;
  /** Records the outcome if `lease` still holds the run; false when another holder took it. */
  finish(
    runId: string,
    lease: RunLease,
    outcome: Pick<
      TestRunRecord,
      'state' | 'passed' | 'failed' | 'results' | 'comparison' | 'error' | 'knowledgeVersion' | 'completedAt'
    >,
  ): Promise<boolean>;
}

export interface EvaluationScheduleStore {
  /** Starts watching the agent's knowledge from `version` (its first question); kept if watched. */
  watch(accountId: string, agentId: string, version: number, at: number): Promise<void>;
  /** Worker (crosses accounts): notes each watched agent whose knowledge version moved since it
   * was last seen, at `now`; how many moved. */
  observe(now: number): Promise<number>;
  /** Worker: claims one agent whose knowledge changed since its last evaluation and has been
   * quiet for `quietMs` (or pending for `maxWaitMs`), holding it until `lease.until`. */
  claimDue(now: number, quietMs: number, maxWaitMs: number, lease: RunLease): Promise<DueEvaluation | undefined>;
  /** The agent's questions ran against `version`: nothing is pending up to it; the lease goes. */
  evaluated(agentId: string, version: number, lease: RunLease | null): Promise<void>;
}
