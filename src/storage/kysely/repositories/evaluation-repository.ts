import type {
  EvaluationScheduleStore,
  TestQuestionRecord,
  TestQuestionStore,
  TestRunStore,
} from '../../../ports/evaluation-store.ts';
import type { Store } from '../../../ports/store.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../kysely-store.ts';
import type { Database } from '../schema/database.ts';
import { atomically } from '../atomically.ts';
import { newestFirstPage } from '../newest-first-page.ts';
import { toTestQuestion, toTestRun } from '../rows/evaluation.ts';

function testQuestionRow(question: TestQuestionRecord) {
  return {
    id: question.id,
    account_id: question.accountId,
    agent_id: question.agentId,
    question: question.question,
    expected_source_ids: question.expectedSourceIds === null ? null : JSON.stringify(question.expectedSourceIds),
    expect_nothing: question.expectNothing ? 1 : 0,
    k: question.k,
    created_at: question.createdAt,
  };
}

const questionsOf = (db: Db, accountId: string, agentId: string) =>
  db.selectFrom('test_questions').where('account_id', '=', accountId).where('agent_id', '=', agentId);

async function countOf(db: Db, accountId: string, agentId: string): Promise<number> {
  const row = await questionsOf(db, accountId, agentId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function createTestQuestionRepository(db: Db, dialect: Store['dialect']): TestQuestionStore {
  const ofAgent = (accountId: string, agentId: string) => questionsOf(db, accountId, agentId);
  return {
    async insertWithinLimit(accountId, agentId, questions, limit) {
      return atomically(db, async (tx) => {
        // PostgreSQL: the agent's row is locked first, so concurrent adds count one after another,
        // each seeing what the one before committed. SQLite has one writer (BEGIN IMMEDIATE).
        if (dialect === 'postgres')
          await tx
            .selectFrom('agents')
            .select('id')
            .where('account_id', '=', accountId)
            .where('id', '=', agentId)
            .forUpdate()
            .execute();
        if ((await countOf(tx, accountId, agentId)) + questions.length > limit) return false;
        if (questions.length > 0)
          await tx.insertInto('test_questions').values(questions.map(testQuestionRow)).execute();
        return true;
      });
    },
    async get(accountId, agentId, questionId) {
      const row = await ofAgent(accountId, agentId).selectAll().where('id', '=', questionId).executeTakeFirst();
      return row && toTestQuestion(row);
    },
    async list(accountId, agentId, page) {
      const { rows, total } = await newestFirstPage(ofAgent(accountId, agentId), page);
      return { items: rows.map(toTestQuestion), total };
    },
    async all(accountId, agentId) {
      const rows = await ofAgent(accountId, agentId).selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toTestQuestion);
    },
    count: (accountId, agentId) => countOf(db, accountId, agentId),
    async delete(accountId, agentId, questionId) {
      const result = await db
        .deleteFrom('test_questions')
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', questionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export function createTestRunRepository(db: Db): TestRunStore {
  const ofAgent = (accountId: string, agentId: string) =>
    db.selectFrom('test_runs').where('account_id', '=', accountId).where('agent_id', '=', agentId);
  return {
    async insert(run, lease) {
      await db
        .insertInto('test_runs')
        .values({
          id: run.id,
          account_id: run.accountId,
          agent_id: run.agentId,
          run_trigger: run.trigger,
          state: run.state,
          knowledge_version: run.knowledgeVersion,
          model: run.model,
          compare_model: run.compareModel,
          passed: run.passed,
          failed: run.failed,
          results: JSON.stringify(run.results),
          comparison: run.comparison === null ? null : JSON.stringify(run.comparison),
          error: run.error,
          lease_owner: lease?.token ?? null,
          lease_until: lease?.until ?? null,
          created_at: run.createdAt,
          completed_at: run.completedAt,
        })
        .execute();
    },
    async get(accountId, agentId, runId) {
      const row = await ofAgent(accountId, agentId).selectAll().where('id', '=', runId).executeTakeFirst();
      return row && toTestRun(row);
    },
    async list(accountId, agentId, page) {
      const { rows, total } = await newestFirstPage(ofAgent(accountId, agentId), page);
      return { items: rows.map(toTestRun), total };
    },
    async latestCompleted(accountId, agentId) {
      const row = await ofAgent(accountId, agentId)
        .selectAll()
        .where('state', '=', 'completed')
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toTestRun(row);
    },
    async claimQueued(now, lease) {
      // A few tries: another process may claim the one we picked between the read and the update.
      for (let attempt = 0; attempt < 3; attempt++) {
        const open = (eb: ExpressionBuilder<Database, 'test_runs'>) =>
          eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]);
        const candidate = await db
          .selectFrom('test_runs')
          .select('id')
          .where(open)
          .orderBy('created_at')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const row = await db
          .updateTable('test_runs')
          .set({ state: 'running', lease_owner: lease.token, lease_until: lease.until })
          .where('id', '=', candidate.id)
          .where(open)
          .returningAll()
          .executeTakeFirst();
        if (row) return toTestRun(row);
      }
      return undefined;
    },
    async finish(runId, lease, outcome) {
      const result = await db
        .updateTable('test_runs')
        .set({
          state: outcome.state,
          passed: outcome.passed,
          failed: outcome.failed,
          results: JSON.stringify(outcome.results),
          comparison: outcome.comparison === null ? null : JSON.stringify(outcome.comparison),
          error: outcome.error,
          knowledge_version: outcome.knowledgeVersion,
          completed_at: outcome.completedAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', runId)
        .where('lease_owner', '=', lease.token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export function createEvaluationScheduleRepository(db: Db): EvaluationScheduleStore {
  return {
    async watch(accountId, agentId, version, at) {
      await db
        .insertInto('test_schedules')
        .values({
          agent_id: agentId,
          account_id: accountId,
          evaluated_version: version,
          seen_version: version,
          seen_at: at,
          pending_since: null,
        })
        .onConflict((oc) => oc.column('agent_id').doNothing())
        .execute();
    },
    async observe(now) {
      const current = (eb: ExpressionBuilder<Database, 'test_schedules'>) =>
        eb
          .selectFrom('agents')
          .select('agents.knowledge_version')
          .whereRef('agents.id', '=', 'test_schedules.agent_id');
      const result = await db
        .updateTable('test_schedules')
        .set((eb) => ({
          seen_version: current(eb),
          seen_at: now,
          pending_since: eb.fn.coalesce('pending_since', eb.val(now)),
        }))
        .where((eb) => eb('seen_version', '<>', current(eb)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async claimDue(now, quietMs, maxWaitMs, lease) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const candidate = await db
          .selectFrom('test_schedules')
          .select(['agent_id', 'account_id', 'seen_version'])
          .whereRef('seen_version', '<>', 'evaluated_version')
          .where((eb) => eb.or([eb('seen_at', '<=', now - quietMs), eb('pending_since', '<=', now - maxWaitMs)]))
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('seen_at')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const claimed = await db
          .updateTable('test_schedules')
          .set({ lease_owner: lease.token, lease_until: lease.until })
          .where('agent_id', '=', candidate.agent_id)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) > 0)
          return {
            accountId: candidate.account_id,
            agentId: candidate.agent_id,
            version: Number(candidate.seen_version),
          };
      }
      return undefined;
    },
    async evaluated(agentId, version, lease) {
      // A change seen after `version` stays pending (with its first sighting) for the next run.
      await db
        .updateTable('test_schedules')
        .set((eb) => ({
          evaluated_version: version,
          pending_since: eb
            .case()
            .when('seen_version', '<=', version)
            .then(eb.val<number | null>(null))
            .else(eb.ref('pending_since'))
            .end(),
          ...(lease && { lease_owner: null, lease_until: null }),
        }))
        .where('agent_id', '=', agentId)
        .where('evaluated_version', '<', version)
        .execute();
      if (lease)
        await db
          .updateTable('test_schedules')
          .set({ lease_owner: null, lease_until: null })
          .where('agent_id', '=', agentId)
          .where('lease_owner', '=', lease.token)
          .execute();
    },
  };
}
