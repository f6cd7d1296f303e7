import type { DomainDeps } from '../context.ts';
import { executeTestRun, runLease } from './execute-test-run.ts';
import { runHeld } from './start-test-run.ts';
import type { Store } from '../../ports/store.ts';

export interface EvaluationTiming {
  /** A knowledge change runs the questions once the agent's knowledge has been this quiet. */
  quietMs: number;
  /** …or once a change has waited this long (a crawl that never pauses). */
  maxWaitMs: number;
}

export interface EvaluationRound {
  /** Runs made because the knowledge changed. */
  automatic: number;
  /** Queued runs (large sets) taken and run. */
  queued: number;
}

/**
 * One round of the evaluation worker (crosses accounts): notes which agents' knowledge moved, runs
 * the questions of one agent whose changes have gone quiet, and one queued run. Both are claimed
 * in the database, so any number of processes may run rounds.
 */
export async function runDueEvaluations(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder' | 'passageIndex' | 'comparison'> & {
    store: Pick<Store, 'agents' | 'chunks' | 'evaluationSchedule' | 'testQuestions' | 'testRuns' | 'transaction'>;
  },
  timing: EvaluationTiming,
): Promise<EvaluationRound> {
  const round: EvaluationRound = { automatic: 0, queued: 0 };
  await deps.store.evaluationSchedule.observe(deps.clock.now());
  const hold = runLease(deps);
  const due = await deps.store.evaluationSchedule.claimDue(deps.clock.now(), timing.quietMs, timing.maxWaitMs, hold);
  if (due) {
    // A failure leaves the agent held: the next round after the lease lapses tries again.
    const agent = await deps.store.agents.get(due.accountId, due.agentId);
    if (agent && (await deps.store.testQuestions.count(agent.accountId, agent.id)) > 0) {
      await runHeld(deps, agent, 'knowledge-change');
      round.automatic += 1;
    }
    await deps.store.evaluationSchedule.evaluated(due.agentId, agent?.knowledgeVersion ?? due.version, hold);
  }
  const lease = runLease(deps);
  const queued = await deps.store.testRuns.claimQueued(deps.clock.now(), lease);
  if (queued) {
    const agent = await deps.store.agents.get(queued.accountId, queued.agentId);
    if (agent && (await executeTestRun(deps, agent, queued, lease))) round.queued += 1;
  }
  return round;
}
