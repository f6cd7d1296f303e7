import type { RequestContext } from '../context.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { TestRunRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** One run of the agent's questions: its state while queued or running, its results once done. */
export async function getTestRun(
  deps: { store: Pick<Store, 'agents' | 'testRuns'> },
  ctx: RequestContext,
  agentId: string,
  runId: string,
): Promise<TestRunRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const run = await deps.store.testRuns.get(ctx.accountId, agent.id, runId);
  if (!run) throw new AppError('TEST_RUN_NOT_FOUND', 'Test run not found.');
  return run;
}

/** The agent's runs, newest first. */
export async function listTestRuns(
  deps: { store: Pick<Store, 'agents' | 'testRuns'> },
  ctx: RequestContext,
  agentId: string,
  page: PageRequest,
): Promise<Page<TestRunRecord>> {
  const agent = await getAgent(deps, ctx, agentId);
  return deps.store.testRuns.list(ctx.accountId, agent.id, page);
}
