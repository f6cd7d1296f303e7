import type { DomainDeps, RequestContext } from '../context.ts';
import type { TestRunRecord, TestRunTrigger } from '../../ports/evaluation-store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError, invalidBody } from '../errors.ts';
import { executeTestRun, runLease } from './execute-test-run.ts';
import type { Store } from '../../ports/store.ts';

/** A set up to this size runs inside the request; a larger one goes on the queue (202, poll it). */
export const INLINE_QUESTIONS_MAX = 25;

function newRun(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder'>,
  agent: AgentRecord,
  trigger: TestRunTrigger,
  state: TestRunRecord['state'],
  compareModel: string | null = null,
): TestRunRecord {
  return {
    id: deps.ids.next('run'),
    accountId: agent.accountId,
    agentId: agent.id,
    trigger,
    state,
    knowledgeVersion: agent.knowledgeVersion,
    model: deps.embedder.model,
    compareModel,
    passed: 0,
    failed: 0,
    results: [],
    comparison: null,
    error: null,
    createdAt: deps.clock.now(),
    completedAt: null,
  };
}

export interface TestRunInput {
  /** Another embedding model of the operator's (evaluations.compareEmbeddings) to rank with too. */
  compareModel?: string;
}

/** The model a comparison run asks for, or 400 naming the ones the operator configured. */
function checkCompareModel(
  deps: Pick<DomainDeps, 'embedder' | 'comparison'>,
  model: string | undefined,
): string | null {
  if (model === undefined) return null;
  if (deps.comparison.embedders.has(model) && model !== deps.embedder.model) return model;
  const configured = [...deps.comparison.embedders.keys()].filter((name) => name !== deps.embedder.model);
  throw invalidBody({
    compareModel: [
      configured.length === 0
        ? 'no other embedding model is configured on this server'
        : `must be one of: ${configured.join(', ')}`,
    ],
  });
}

/** Runs the agent's questions now, or queues them when there are many; `queued` says which. */
export async function startTestRun(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder' | 'passageIndex' | 'comparison'> & {
    store: Pick<Store, 'agents' | 'chunks' | 'testQuestions' | 'testRuns' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  input: TestRunInput = {},
): Promise<{ run: TestRunRecord; queued: boolean }> {
  const agent = await getAgent(deps, ctx, agentId);
  const compareModel = checkCompareModel(deps, input.compareModel);
  const count = await deps.store.testQuestions.count(ctx.accountId, agent.id);
  if (count > INLINE_QUESTIONS_MAX) {
    const run = newRun(deps, agent, 'manual', 'queued', compareModel);
    await deps.store.testRuns.insert(run, null);
    return { run, queued: true };
  }
  return { run: await runHeld(deps, agent, 'manual', compareModel), queued: false };
}

/** Inserts a run held by this process and runs it at once. */
export async function runHeld(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder' | 'passageIndex' | 'comparison'> & {
    store: Pick<Store, 'chunks' | 'testQuestions' | 'testRuns' | 'transaction'>;
  },
  agent: AgentRecord,
  trigger: TestRunTrigger,
  compareModel: string | null = null,
): Promise<TestRunRecord> {
  const lease = runLease(deps);
  const run = newRun(deps, agent, trigger, 'running', compareModel);
  await deps.store.testRuns.insert(run, lease);
  const finished = await executeTestRun(deps, agent, run, lease);
  if (!finished) throw new AppError('UNKNOWN_ERROR', 'The test run was taken over by another process.');
  return finished;
}
