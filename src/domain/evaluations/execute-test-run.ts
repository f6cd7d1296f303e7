import type { DomainDeps } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { RunLease, TestResult, TestRunRecord } from '../../ports/evaluation-store.ts';
import { recordEvent } from '../events/record-event.ts';
import { evaluateQuestions } from './evaluate-questions.ts';
import { passRate } from './test-run-view.ts';
import { compareWithModel } from './compare-model.ts';
import type { Store } from '../../ports/store.ts';

/** The run's second model; a queued run taken by a process configured without it fails, saying so. */
function comparisonEmbedder(deps: Pick<DomainDeps, 'comparison'>, model: string) {
  const embedder = deps.comparison.embedders.get(model);
  if (!embedder)
    throw new Error(
      `The embedding model ${model} is not configured on the process that ran this test run (evaluations.compareEmbeddings).`,
    );
  return embedder;
}

/** How long a run holds its row; a process that dies mid-run leaves it to be claimed again. */
export const RUN_LEASE_MS = 10 * 60_000;

export function runLease(deps: Pick<DomainDeps, 'ids' | 'clock'>): RunLease {
  return { token: deps.ids.next('lease'), until: deps.clock.now() + RUN_LEASE_MS };
}

/** The questions that passed in `before` and fail in `after`. */
export function startedFailing(before: readonly TestResult[], after: readonly TestResult[]): TestResult[] {
  const passedBefore = new Set(before.filter((result) => result.passed).map((result) => result.questionId));
  return after.filter((result) => !result.passed && passedBefore.has(result.questionId));
}

/**
 * Ranks the agent's questions for a run it holds, then in one transaction records the outcome and
 * `evaluation.completed`, and `evaluation.regressed` when fewer pass than in the run before.
 * Returns the finished run, or undefined when the run's lease was lost (another process has it).
 */
export async function executeTestRun(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder' | 'passageIndex' | 'comparison'> & {
    store: Pick<Store, 'chunks' | 'testQuestions' | 'transaction'>;
  },
  agent: AgentRecord,
  run: TestRunRecord,
  lease: RunLease,
): Promise<TestRunRecord | undefined> {
  const questions = await deps.store.testQuestions.all(agent.accountId, agent.id);
  let outcome: Parameters<DomainDeps['store']['testRuns']['finish']>[2];
  try {
    const evaluation = await evaluateQuestions(deps, agent, questions);
    const comparison =
      run.compareModel === null
        ? null
        : await compareWithModel(deps, agent, questions, comparisonEmbedder(deps, run.compareModel));
    outcome = {
      state: 'completed',
      ...evaluation,
      comparison,
      error: null,
      knowledgeVersion: agent.knowledgeVersion,
      completedAt: deps.clock.now(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    outcome = {
      state: 'failed',
      passed: 0,
      failed: 0,
      results: [],
      comparison: null,
      error: message.slice(0, 500),
      knowledgeVersion: agent.knowledgeVersion,
      completedAt: deps.clock.now(),
    };
  }
  const finished: TestRunRecord = { ...run, ...outcome };
  const recorded = await deps.store.transaction(async (tx) => {
    const previous = await tx.testRuns.latestCompleted(agent.accountId, agent.id);
    if (!(await tx.testRuns.finish(run.id, lease, outcome))) return false;
    if (finished.state !== 'completed') return true;
    const summary = {
      id: run.id,
      trigger: run.trigger,
      passRate: passRate(finished.passed, finished.failed),
      passed: finished.passed,
      failed: finished.failed,
    };
    const agentRef = { id: agent.id, name: agent.name };
    await recordEvent(tx, deps, agent.accountId, 'evaluation.completed', { agent: agentRef, run: summary });
    if (previous && finished.passed < previous.passed) {
      const failing = startedFailing(previous.results, finished.results).map(
        ({ questionId, question, rank, score }) => ({ questionId, question, rank, score }),
      );
      await recordEvent(tx, deps, agent.accountId, 'evaluation.regressed', {
        agent: agentRef,
        run: summary,
        previousRun: { id: previous.id, passed: previous.passed, failed: previous.failed },
        questions: failing,
      });
    }
    // A run of the live model evaluates this version: no automatic run is owed for it.
    await tx.evaluationSchedule.evaluated(agent.id, agent.knowledgeVersion, null);
    return true;
  });
  return recorded ? finished : undefined;
}
