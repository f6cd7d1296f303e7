// The webhook store, composed of its parts: endpoints, the dispatcher's fan-out of events, the
// sender's claims and attempts, and the deliveries as the API reads them.
import type { Store } from '../../../ports/store.ts';
import type { WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { createWebhookAttemptRepository } from './webhook-attempt-repository.ts';
import { createWebhookDeliveryRepository } from './webhook-delivery-repository.ts';
import { createWebhookDispatchRepository } from './webhook-dispatch-repository.ts';
import { createWebhookEndpointRepository } from './webhook-endpoint-repository.ts';

export function createWebhookRepository(db: Db, dialect: Store['dialect']): WebhookStore {
  // PostgreSQL: rows a concurrent transaction holds are skipped, not waited for, so several
  // processes claim disjoint work. SQLite has one writer (BEGIN IMMEDIATE): nothing to skip.
  const lockSkipping = dialect === 'postgres';
  return {
    ...createWebhookEndpointRepository(db),
    ...createWebhookDispatchRepository(db, lockSkipping),
    ...createWebhookAttemptRepository(db, lockSkipping),
    ...createWebhookDeliveryRepository(db),
  };
}
