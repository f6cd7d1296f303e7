import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks headers for one attempt: `webhook-id` is the event id (the same on every retry,
 * so receivers can drop duplicates), `webhook-timestamp` the send time in seconds, and
 * `webhook-signature` `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret.
 */
export function signedHeaders(secret: string, eventId: string, sentAt: number, body: string): Record<string, string> {
  const timestamp = new Date(sentAt);
  return {
    'content-type': 'application/json',
    'user-agent': 'Colloquy-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(sentAt / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, timestamp, body),
  };
}
