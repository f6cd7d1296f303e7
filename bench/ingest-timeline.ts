// Part of `npm run bench -- ingest`: where a queued job's time went, from the rows the queue keeps.
// pg-boss's job row (same id as ours) says when the job was sent (in the upload's transaction) and
// when a consumer fetched it; ours says when its embedding ended (the settle call's `now`, taken
// before the storing transaction) and pg-boss's completion says when it was stored and committed.
import type pg from 'pg';

export interface JobTimes {
  worker: string;
  sent: number;
  fetched: number;
  embedded: number;
  stored: number;
}

export async function readJobTimes(db: pg.Client, titlePrefix: string): Promise<JobTimes[]> {
  const { rows } = await db.query<{ worker: string; sent: number; fetched: number; embedded: string; stored: number }>(
    `SELECT i.worker, extract(epoch FROM j.created_on) * 1000 AS sent, extract(epoch FROM j.started_on) * 1000 AS fetched,
       i.finished_at AS embedded, extract(epoch FROM j.completed_on) * 1000 AS stored
     FROM ingest_jobs i JOIN pgboss.job j ON j.id::text = i.id
     WHERE i.outcome->'source'->>'title' LIKE $1 ORDER BY j.created_on`,
    [`${titlePrefix}%`],
  );
  return rows.map((row) => ({
    worker: row.worker,
    sent: Number(row.sent),
    fetched: Number(row.fetched),
    embedded: Number(row.embedded),
    stored: Number(row.stored),
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * One line: the wait from sending to a consumer's fetch (median, max), the time in a consumer
 * (fetch to embedded; then the store), each consumer's busy share of the timed window, and the
 * gaps at both ends (first upload to first job sent, last job stored to last answer).
 */
export function describeJobTimes(jobs: JobTimes[], startedAt: number, endedAt: number): string {
  if (jobs.length === 0) return 'no job rows found';
  const ms = (value: number) => `${Math.round(value)} ms`;
  const wall = endedAt - startedAt;
  const busy = new Map<string, number>();
  for (const job of jobs) busy.set(job.worker, (busy.get(job.worker) ?? 0) + (job.stored - job.fetched));
  const shares = [...busy.values()].map((value) => `${Math.round((value / wall) * 100)}%`).join('/');
  const firstSent = Math.min(...jobs.map((job) => job.sent));
  // pg-boss completes a job just after the commit that wakes its waiter: the last answer can come
  // a millisecond before it.
  const lastStored = Math.max(...jobs.map((job) => job.stored));
  return (
    `  per job: sent→fetched median ${ms(median(jobs.map((job) => job.fetched - job.sent)))} (max ${ms(Math.max(...jobs.map((job) => job.fetched - job.sent)))}), ` +
    `fetched→embedded median ${ms(median(jobs.map((job) => job.embedded - job.fetched)))}, embedded→stored median ${ms(median(jobs.map((job) => job.stored - job.embedded)))}; ` +
    `job time per consuming process ${shares} of the ${(wall / 1000).toFixed(1)} s; first upload→first job sent ${ms(firstSent - startedAt)}, last stored→last answer ${ms(Math.max(0, endedAt - lastStored))}`
  );
}
