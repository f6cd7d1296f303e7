// The sender's side: due deliveries claimed under a lease, each with a new attempt, and the
// attempt's outcome written back.
import type { ClaimedDelivery, WebhookAttemptRecord, WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { toEvent } from '../rows/event.ts';
import { fromAttempt, toDelivery } from '../rows/webhook.ts';

/** How many endpoints with due work a claim considers per free slot. */
const CANDIDATES_PER_SLOT = 4;

export type WebhookAttemptMethods = Pick<WebhookStore, 'claimDue' | 'completeAttempt'>;

/** `lockSkipping`: PostgreSQL skips the rows another process's transaction holds. */
export function createWebhookAttemptRepository(db: Db, lockSkipping: boolean): WebhookAttemptMethods {
  return {
    async claimDue(request) {
      const { now } = request;
      const full = [...request.inFlight].filter(([, count]) => count >= request.perEndpoint).map(([id]) => id);
      // Enabled endpoints with something due: one index probe per endpoint, whatever the backlog
      // (a DISTINCT over due deliveries would read every one of them on each claim).
      let due = db
        .selectFrom('webhook_endpoints')
        .select('id as endpoint_id')
        .where('enabled', '=', 1)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('webhook_deliveries')
              .select('id')
              .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
              .where('status', '=', 'pending')
              .where('next_attempt_at', '<=', now),
          ),
        );
      if (full.length > 0) due = due.where('id', 'not in', full);
      // Endpoints with the fewest attempts in flight here go first, so that an endpoint with a
      // backlog cannot keep others waiting by taking back each slot it frees.
      const candidates = (await due.limit(request.limit * CANDIDATES_PER_SLOT).execute()).map((row) => row.endpoint_id);
      const endpoints = candidates
        .map((id, index) => ({ id, load: request.inFlight.get(id) ?? 0, index }))
        .sort((a, b) => a.load - b.load || a.index - b.index);

      const claimed: ClaimedDelivery[] = [];
      for (const { id: endpointId } of endpoints) {
        // Per-endpoint share: a slow receiver holds at most `perEndpoint` of this process's slots.
        const room = Math.min(
          request.perEndpoint - (request.inFlight.get(endpointId) ?? 0),
          request.limit - claimed.length,
        );
        if (room <= 0) break;
        let pick = db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(room);
        if (lockSkipping) pick = pick.forUpdate().skipLocked();
        // Two statements, not UPDATE … WHERE id IN (SELECT … SKIP LOCKED): PostgreSQL may run such
        // a subquery once per outer row, and each rescan can pick other rows. The locks taken here
        // are held until the caller's transaction commits.
        const picked = (await pick.execute()).map((row) => row.id);
        if (picked.length === 0) continue;
        // The lease is the next attempt time: a holder that dies leaves the row due when it expires.
        const rows = await db
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            next_attempt_at: request.leaseUntil,
            lease_token: request.leaseToken,
            updated_at: now,
          }))
          .where('id', 'in', picked)
          .returningAll()
          .execute();
        if (rows.length === 0) continue;
        const endpoint = await db
          .selectFrom('webhook_endpoints')
          .select(['id', 'url', 'secret'])
          .where('id', '=', endpointId)
          .executeTakeFirstOrThrow();
        const events = new Map(
          (
            await db
              .selectFrom('events')
              .selectAll()
              .where(
                'id',
                'in',
                rows.map((row) => row.event_id),
              )
              .execute()
          ).map((row) => [row.id, toEvent(row)]),
        );
        const attempts: WebhookAttemptRecord[] = rows.map((row) => ({
          id: request.newAttemptId(),
          deliveryId: row.id,
          endpointId,
          attempt: row.attempts,
          startedAt: now,
          finishedAt: null,
          statusCode: null,
          error: null,
          latencyMs: null,
          responseBody: null,
        }));
        await db.insertInto('webhook_attempts').values(attempts.map(fromAttempt)).execute();
        rows.forEach((row, index) => {
          const event = events.get(row.event_id);
          if (event)
            claimed.push({
              delivery: toDelivery(row),
              attempt: attempts[index] as WebhookAttemptRecord,
              event,
              endpoint,
            });
        });
      }
      return claimed;
    },
    async completeAttempt(outcome) {
      const updated = await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          next_attempt_at: outcome.nextAttemptAt,
          lease_token: null,
          last_status_code: outcome.statusCode,
          last_error: outcome.error,
          last_latency_ms: outcome.latencyMs,
          delivered_at: outcome.status === 'succeeded' ? outcome.finishedAt : undefined,
          updated_at: outcome.finishedAt,
        })
        .where('id', '=', outcome.deliveryId)
        .where('lease_token', '=', outcome.leaseToken)
        .returning(['endpoint_id'])
        .executeTakeFirst();
      if (!updated) return false;
      await db
        .updateTable('webhook_attempts')
        .set({
          finished_at: outcome.finishedAt,
          status_code: outcome.statusCode,
          error: outcome.error,
          latency_ms: outcome.latencyMs,
          response_body: outcome.responseBody,
        })
        .where('id', '=', outcome.attemptId)
        .execute();
      if (outcome.disableEndpoint) {
        await db
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: 'gone', updated_at: outcome.finishedAt })
          .where('id', '=', updated.endpoint_id)
          .execute();
      }
      return true;
    },
  };
}
