import type { WebhookAttemptRecord, WebhookDeliveryRecord } from '../../ports/webhook-store.ts';
import { isoTime, isoTimeOrNull } from '../iso-time.ts';

export interface AttemptView {
  attempt: number;
  startedAt: string;
  finishedAt: string | null;
  /** The receiver's HTTP status; null when none came (time-out, refused, cut short by a restart). */
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  response: string | null;
}

export interface DeliveryView {
  id: string;
  endpointId: string;
  /** Also the `webhook-id` header of every attempt. */
  eventId: string;
  eventType: string;
  /** pending (waiting or in flight), succeeded, or failed (no attempt left; redeliver to retry). */
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  nextAttemptAt: string | null;
  /** When an attempt succeeded; null while pending (a redelivery clears it) or failed. */
  deliveredAt: string | null;
  createdAt: string;
  log?: AttemptView[];
}

export const toAttemptView = (a: WebhookAttemptRecord): AttemptView => ({
  attempt: a.attempt,
  startedAt: isoTime(a.startedAt),
  finishedAt: isoTimeOrNull(a.finishedAt),
  statusCode: a.statusCode,
  error:
    a.finishedAt === null && a.error === null ? 'no outcome recorded (in flight, or the process stopped)' : a.error,
  latencyMs: a.latencyMs,
  response: a.responseBody,
});

export function toDeliveryView(d: WebhookDeliveryRecord, attempts?: readonly WebhookAttemptRecord[]): DeliveryView {
  const view: DeliveryView = {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastLatencyMs: d.lastLatencyMs,
    nextAttemptAt: d.status === 'pending' ? isoTimeOrNull(d.nextAttemptAt) : null,
    deliveredAt: isoTimeOrNull(d.deliveredAt),
    createdAt: isoTime(d.createdAt),
  };
  if (attempts) view.log = attempts.filter((a) => a.deliveryId === d.id).map(toAttemptView);
  return view;
}
