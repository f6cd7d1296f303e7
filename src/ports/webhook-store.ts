// The storage port of webhook delivery: endpoints, the fan-out of events into deliveries, and the
// leased claims that make each attempt go out once even with several processes on one database.
import type { EventRecord } from './event-store.ts';
import type { PageRequest, Page } from './page.ts';

export interface WebhookEndpointRecord {
  id: string;
  accountId: string;
  url: string;
  description: string;
  /** The event types it receives; null: all of them. */
  eventTypes: string[] | null;
  /** `whsec_…`: kept as is, because signing needs it (it is shown to the user once). */
  secret: string;
  enabled: boolean;
  /** Why it was disabled: `gone` (the receiver answered 410) or `operator`; null when enabled. */
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookEndpointPatch {
  url?: string;
  description?: string;
  eventTypes?: string[] | null;
  enabled?: boolean;
  disabledReason?: string | null;
  updatedAt: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  /** Attempts started so far (an attempt cut short by a crash counts). */
  attempts: number;
  /** Past this many attempts a failure is final. */
  maxAttempts: number;
  /** Pending: when the next attempt is due (or, while one is in flight, when its lease expires). */
  nextAttemptAt: number | null;
  /** Set while an attempt is in flight: only the holder may record its outcome. */
  leaseToken: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  deliveredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookAttemptRecord {
  id: string;
  deliveryId: string;
  endpointId: string;
  attempt: number;
  startedAt: number;
  finishedAt: number | null;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  /** The first bytes of the receiver's answer, for the log. */
  responseBody: string | null;
}

/** One attempt handed to a worker: what to send, where, and the lease that lets it report back. */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRecord;
  attempt: WebhookAttemptRecord;
  event: EventRecord;
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'url' | 'secret'>;
}

export interface ClaimRequest {
  now: number;
  /** The lease: an attempt not reported by then is due again. */
  leaseUntil: number;
  leaseToken: string;
  /** At most this many in all… */
  limit: number;
  /** …and this many per endpoint, less what this process already has in flight for it. */
  perEndpoint: number;
  inFlight: ReadonlyMap<string, number>;
  newAttemptId: () => string;
}

export interface AttemptOutcome {
  deliveryId: string;
  attemptId: string;
  leaseToken: string;
  finishedAt: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  responseBody: string | null;
  /** succeeded, failed (final) or pending again at `nextAttemptAt`. */
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  /** The receiver answered 410 Gone: disable the endpoint. */
  disableEndpoint: boolean;
}

export interface NewDelivery {
  id: string;
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  maxAttempts: number;
  createdAt: number;
}

export interface WebhookStore {
  insertEndpoint(endpoint: WebhookEndpointRecord): Promise<void>;
  getEndpoint(accountId: string, endpointId: string): Promise<WebhookEndpointRecord | undefined>;
  listEndpoints(accountId: string): Promise<WebhookEndpointRecord[]>;
  updateEndpoint(
    accountId: string,
    endpointId: string,
    patch: WebhookEndpointPatch,
  ): Promise<WebhookEndpointRecord | undefined>;
  deleteEndpoint(accountId: string, endpointId: string): Promise<boolean>;
  /** Operator lookup (CLI only): the account that owns an endpoint or a delivery. */
  endpointOwner(endpointId: string): Promise<string | undefined>;
  deliveryOwner(deliveryId: string): Promise<string | undefined>;

  /** Events not yet fanned out, oldest first; on PostgreSQL locked for this transaction and
   * skipped by other processes' transactions. */
  takeUndispatchedEvents(limit: number): Promise<EventRecord[]>;
  /** Enabled endpoints of these accounts. */
  enabledEndpoints(accountIds: readonly string[]): Promise<WebhookEndpointRecord[]>;
  /** Inserts deliveries; one per (event, endpoint) whatever races. */
  insertDeliveries(deliveries: readonly NewDelivery[]): Promise<void>;
  markDispatched(eventIds: readonly string[], at: number): Promise<void>;

  /** Operator metrics: deliveries still pending (all accounts) and events not yet fanned out. */
  countBacklog(): Promise<{ pendingDeliveries: number; undispatchedEvents: number }>;

  /** Leases due attempts of enabled endpoints (see ClaimRequest). */
  claimDue(request: ClaimRequest): Promise<ClaimedDelivery[]>;
  /** Records an attempt's outcome if the lease is still the caller's; false when it is not. */
  completeAttempt(outcome: AttemptOutcome): Promise<boolean>;

  getDelivery(accountId: string, deliveryId: string): Promise<WebhookDeliveryRecord | undefined>;
  listDeliveries(accountId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryRecord>>;
  listAttempts(accountId: string, deliveryIds: readonly string[]): Promise<WebhookAttemptRecord[]>;
  /** Makes a delivery due now; when it had ended, gives it one more attempt. */
  redeliver(accountId: string, deliveryId: string, now: number): Promise<WebhookDeliveryRecord | undefined>;
}
