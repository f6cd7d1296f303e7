// The ingest_jobs table (PostgreSQL): each queued job's reservation, its input while it waits (an
// upload's bytes stay here, not in the node's memory, so any node can read them), and how it
// ended. The row, locked, decides once whether a job stores its source, is cancelled or fails:
// retried or doubled attempts find it settled and store nothing.
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { StoreRepositories } from '../ports/store.ts';
import type { IngestJob, IngestOutcome } from '../ports/ingestion-queue.ts';

/** The channel a settled job is announced on (payload: the job's id), for its waiter and for a
 * consumer still running a cancelled job. */
export const SETTLED_CHANNEL = 'colloquy_ingest_settled';

/** Finished rows kept this long (for operators and the cluster test), then removed. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;

/** What the rows need of the PostgreSQL store: its database handle, and its repositories inside a
 * transaction of that handle (a job's row commits with the storage it reserves). */
export interface JobsDatabase {
  db: Kysely<unknown>;
  repositoriesIn(trx: Transaction<unknown>): StoreRepositories;
}

export interface JobRow {
  state: 'queued' | IngestOutcome['kind'] | 'cancelled';
  outcome: IngestOutcome | null;
}

/** A pg-boss `db` running its statements inside our transaction: the job is sent if and only if
 * its row and reservation commit. */
export function inTransaction(trx: Transaction<unknown>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

export function createIngestJobRows({ db, repositoriesIn }: JobsDatabase) {
  return {
    /** In one transaction: `reserve` (may throw), the row, then `send` (pg-boss, same transaction). */
    async insert(
      id: string,
      job: IngestJob,
      now: number,
      reserve: (tx: StoreRepositories) => Promise<void>,
      send: (trx: Transaction<unknown>) => Promise<void>,
    ): Promise<void> {
      const { task } = job;
      const bytes =
        task.kind === 'file' ? Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength) : null;
      const stored = task.kind === 'file' ? { ...job, task: { ...task, bytes: null } } : job;
      await db.transaction().execute(async (trx) => {
        await reserve(repositoriesIn(trx));
        await sql`INSERT INTO ingest_jobs (id, account_id, agent_id, storage, job, bytes, state, created_at)
          VALUES (${id}, ${job.ctx.accountId}, ${job.agent.id}, ${job.storage}, ${JSON.stringify(stored)}::jsonb, ${bytes}, 'queued', ${now})`.execute(
          trx,
        );
        await send(trx);
      });
    },

    /** Marks an attempt on a job still queued and returns its input; null when it has settled. */
    async claim(id: string, worker: string): Promise<IngestJob | null> {
      const { rows } = await sql<{
        job: IngestJob;
        bytes: Buffer | null;
      }>`UPDATE ingest_jobs SET attempts = attempts + 1, worker = ${worker}
        WHERE id = ${id} AND state = 'queued' RETURNING job, bytes`.execute(db);
      const row = rows[0];
      if (!row) return null;
      const job = row.job;
      if (job.task.kind === 'file') job.task.bytes = new Uint8Array(row.bytes ?? Buffer.alloc(0));
      return job;
    },

    /**
     * Settles a queued job once: `decide` runs inside the transaction that holds the row, so of two
     * attempts (or an attempt and a cancel) only the first settles it. Storage goes back in the
     * same transaction when nothing was stored. Returns false when it had already settled.
     */
    async settle(
      id: string,
      now: number,
      decide: (tx: StoreRepositories) => Promise<IngestOutcome | 'cancelled'>,
      release: (tx: StoreRepositories, job: IngestJob) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          state: string;
          job: IngestJob;
        }>`SELECT state, job FROM ingest_jobs WHERE id = ${id} FOR UPDATE`.execute(trx);
        const row = rows[0];
        if (!row || row.state !== 'queued') return false;
        const tx = repositoriesIn(trx);
        const outcome = await decide(tx);
        const state = outcome === 'cancelled' ? 'cancelled' : outcome.kind;
        if (state !== 'stored') await release(tx, row.job);
        const saved = outcome === 'cancelled' ? null : JSON.stringify(outcome);
        await sql`UPDATE ingest_jobs SET state = ${state}, outcome = ${saved}::jsonb, bytes = NULL, job = job - 'task', finished_at = ${now} WHERE id = ${id}`.execute(
          trx,
        );
        await sql`SELECT pg_notify(${SETTLED_CHANNEL}, ${id})`.execute(trx);
        return true;
      });
    },

    /** A job of this agent for the same source (a file's content hash, a page's URL) that has not settled yet. */
    async findQueued(
      accountId: string,
      agentId: string,
      same: { field: 'contentHash' | 'url'; value: string },
    ): Promise<string | null> {
      const { rows } = await sql<{ id: string }>`SELECT id FROM ingest_jobs
        WHERE account_id = ${accountId} AND agent_id = ${agentId} AND state = 'queued' AND job -> 'task' ->> ${same.field} = ${same.value}
        ORDER BY created_at LIMIT 1`.execute(db);
      return rows[0]?.id ?? null;
    },

    async read(id: string): Promise<JobRow | null> {
      const { rows } = await sql<JobRow>`SELECT state, outcome FROM ingest_jobs WHERE id = ${id}`.execute(db);
      return rows[0] ?? null;
    },

    async purgeFinished(now: number): Promise<void> {
      await sql`DELETE FROM ingest_jobs WHERE state <> 'queued' AND finished_at < ${now - KEEP_FINISHED_MS}`.execute(
        db,
      );
    },
  };
}

export type IngestJobRows = ReturnType<typeof createIngestJobRows>;
