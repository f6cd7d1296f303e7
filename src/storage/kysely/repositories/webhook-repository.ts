import type { Store } from '../../../ports/store.ts';
import type { ClaimedDelivery, WebhookAttemptRecord, WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { toEvent } from '../rows/event.ts';
import { fromAttempt, fromEndpoint, toAttempt, toDelivery, toEndpoint } from '../rows/webhook.ts';
import { newestFirstPage } from '../newest-first-page.ts';

const INSERT_CHUNK = 500;
/** How many endpoints with due work a claim considers per free slot. */
const CANDIDATES_PER_SLOT = 4;

export function createWebhookRepository(db: Db, dialect: Store['dialect']): WebhookStore {
  // PostgreSQL: rows a concurrent transaction holds are skipped, not waited for, so several
  // processes claim disjoint work. SQLite has one writer (BEGIN IMMEDIATE): nothing to skip.
  const lockSkipping = dialect === 'postgres';

  return {
    async insertEndpoint(endpoint) {
      await db.insertInto('webhook_endpoints').values(fromEndpoint(endpoint)).execute();
    },
    async getEndpoint(accountId, endpointId) {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return row && toEndpoint(row);
    },
    async listEndpoints(accountId) {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toEndpoint);
    },
    async updateEndpoint(accountId, endpointId, patch) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({
          url: patch.url,
          description: patch.description,
          event_types:
            patch.eventTypes === undefined
              ? undefined
              : patch.eventTypes === null
                ? null
                : JSON.stringify(patch.eventTypes),
          enabled: patch.enabled === undefined ? undefined : patch.enabled ? 1 : 0,
          disabled_reason: patch.disabledReason,
          updated_at: patch.updatedAt,
        })
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .returningAll()
        .executeTakeFirst();
      return row && toEndpoint(row);
    },
    async deleteEndpoint(accountId, endpointId) {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async endpointOwner(endpointId) {
      return (
        await db.selectFrom('webhook_endpoints').select('account_id').where('id', '=', endpointId).executeTakeFirst()
      )?.account_id;
    },
    async deliveryOwner(deliveryId) {
      return (
        await db.selectFrom('webhook_deliveries').select('account_id').where('id', '=', deliveryId).executeTakeFirst()
      )?.account_id;
    },

    async takeUndispatchedEvents(limit) {
      let query = db
        .selectFrom('events')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit);
      if (lockSkipping) query = query.forUpdate().skipLocked();
      return (await query.execute()).map(toEvent);
    },
    async countBacklog() {
      // Both counts read partial indexes (status = 'pending', dispatched_at IS NULL).
      const [deliveries, events] = await Promise.all([
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('dispatched_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { pendingDeliveries: Number(deliveries.n), undispatchedEvents: Number(events.n) };
    },
    async enabledEndpoints(accountIds) {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', 'in', accountIds)
        .where('enabled', '=', 1)
        .execute();
      return rows.map(toEndpoint);
    },
    async insertDeliveries(deliveries) {
      for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
        const values = deliveries.slice(start, start + INSERT_CHUNK).map((d) => ({
          id: d.id,
          account_id: d.accountId,
          endpoint_id: d.endpointId,
          event_id: d.eventId,
          event_type: d.eventType,
          status: 'pending',
          attempts: 0,
          max_attempts: d.maxAttempts,
          next_attempt_at: d.createdAt,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        }));
        await db
          .insertInto('webhook_deliveries')
          .values(values)
          .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
          .execute();
      }
    },
    async markDispatched(eventIds, at) {
      if (eventIds.length === 0) return;
      await db.updateTable('events').set({ dispatched_at: at }).where('id', 'in', eventIds).execute();
    },

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

    async getDelivery(accountId, deliveryId) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return row && toDelivery(row);
    },
    async listDeliveries(accountId, endpointId, page) {
      const scope = db
        .selectFrom('webhook_deliveries')
        .where('account_id', '=', accountId)
        .where('endpoint_id', '=', endpointId);
      const { rows, total } = await newestFirstPage(scope, page);
      return { items: rows.map(toDelivery), total };
    },
    async listAttempts(accountId, deliveryIds) {
      if (deliveryIds.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_attempts')
        .selectAll('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .where('webhook_deliveries.account_id', '=', accountId)
        .where('webhook_attempts.delivery_id', 'in', deliveryIds)
        .orderBy('webhook_attempts.attempt')
        .execute();
      return rows.map(toAttempt);
    },
    async redeliver(accountId, deliveryId, now) {
      // An attempt in flight keeps its lease (its expiry is the next attempt time): moving that
      // time would let a second process send the same attempt.
      const row = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          max_attempts: eb
            .case()
            .when('status', '=', 'pending')
            .then(eb.ref('max_attempts'))
            .else(eb('attempts', '+', 1))
            .end(),
          status: 'pending',
          next_attempt_at: now,
          updated_at: now,
        }))
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .where('lease_token', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (row) return toDelivery(row);
      const current = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return current && toDelivery(current);
    },
  };
}
